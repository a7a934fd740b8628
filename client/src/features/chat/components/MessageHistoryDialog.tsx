import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import type { ChatMessage, MessageEdit } from "@shared/entities";
import { listEntities } from "../../../lib/entityApi";
import { parseDate } from "../../../lib/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { Spinner } from "../../../ui/spinner";

interface Props {
  message: ChatMessage;
  onClose: () => void;
}

const when = (value: string | null | undefined) => {
  const d = parseDate(value);
  return d ? format(d, "MMM d, h:mm a") : "";
};

function Version({ label, at, content }: { label: string; at: string | null; content: string }) {
  return (
    <li className="rounded-lg border bg-muted/30 px-3 py-2">
      <div className="mb-1 flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
        <span className="font-medium">{label}</span>
        <time dateTime={at ?? undefined}>{when(at)}</time>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap">{content}</p>
    </li>
  );
}

/**
 * A message's earlier versions, newest first (docs/messages.md, "Reactions and edits"). The query is keyed
 * by the table's name, so a further edit refetches it while it is open (app/entitySync.ts).
 */
export function MessageHistoryDialog({ message, onClose }: Props) {
  const edits = useQuery({
    queryKey: ["message_edits", message.id],
    queryFn: ({ signal }) => listEntities<MessageEdit>("message_edits", { where: { message_id: message.id }, sort: "-id", limit: 1000 }, signal),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit history</DialogTitle>
          <DialogDescription>Every version of this message, newest first.</DialogDescription>
        </DialogHeader>
        <ol aria-label="Versions" className="scrollbar-thin flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
          <Version label="Current" at={message.edited_at} content={message.content} />
          {edits.data?.map((e) => (
            <Version key={e.id} label="Earlier version" at={e.written_at} content={e.content} />
          ))}
        </ol>
        {edits.isPending && (
          <div className="flex justify-center">
            <Spinner />
          </div>
        )}
        {edits.isError && <p className="text-sm text-destructive">Couldn't load the earlier versions.</p>}
      </DialogContent>
    </Dialog>
  );
}
