import type { ChatMessage } from "@shared/entities";
import { useSessionStore } from "../../auth/store";
import { mayHavePreview, useLinkPreviews, useRemoveLinkPreview } from "../linkPreviews";
import { LinkPreviewCard } from "./LinkPreviewCard";

/** A message's link previews, in the order of its links; its author may remove each. */
export function LinkPreviews({ message }: { message: Pick<ChatMessage, "id" | "channel_id" | "content" | "sender_email"> }) {
  const me = useSessionStore((s) => s.user);
  const { data } = useLinkPreviews(message.channel_id, message.id, mayHavePreview(message.content));
  const remove = useRemoveLinkPreview(message.channel_id);
  if (!data?.length) return null;
  const mine = !!me && message.sender_email.toLowerCase() === me.email.toLowerCase();
  return (
    <div className="mt-1 grid gap-1.5">
      {data.map((p) => (
        <LinkPreviewCard key={p.id} preview={p} onRemove={mine ? () => remove.mutate(p.id) : undefined} />
      ))}
    </div>
  );
}
