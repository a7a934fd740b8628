import { shownIn, useOutboxStore } from "../outbox";
import { useChatStore } from "../store";
import { useThreadStore } from "../threadStore";
import { OutboxRow } from "./OutboxRow";

type Place = { channelId: number } | { threadRootId: number };

/**
 * The messages written here that the server does not have yet, in the order written, at the
 * bottom of a channel or a thread (docs/messages.md, "Sent when back online"). One whose try
 * arrived though its answer did not (the feed brought it: same client_id) is not shown twice.
 */
export function OutboxList({ place }: { place: Place }) {
  const items = useOutboxStore((s) => s.items);
  const inChannel = useChatStore((s) => ("channelId" in place ? s.byChannel[place.channelId]?.items : undefined));
  const inThread = useThreadStore((s) => ("threadRootId" in place ? s.byRoot[place.threadRootId]?.replies : undefined));
  const waiting = shownIn(items, place);
  if (!waiting.length) return null;
  const arrived = new Set((inChannel ?? inThread ?? []).flatMap((m) => (m.client_id ? [m.client_id] : [])));
  const rows = waiting.filter((i) => !arrived.has(i.client_id));
  if (!rows.length) return null;
  return (
    <ul aria-label="Messages not sent yet" className="shrink-0 border-t border-dashed py-1">
      {rows.map((item) => (
        <OutboxRow key={item.client_id} item={item} />
      ))}
    </ul>
  );
}
