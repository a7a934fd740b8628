import { CircleAlert, Clock } from "lucide-react";
import { Button } from "../../../ui/button";
import { useOutboxStore, type OutboxItem } from "../outbox";
import { retryOutboxItem } from "../outboxSend";

/**
 * A message of the outbox (docs/messages.md, "Sent when back online"), greyed where it was
 * written: waiting for the network (Remove), or refused by the server with its words (Retry, Remove).
 */
export function OutboxRow({ item }: { item: OutboxItem }) {
  const failed = item.state === "failed";
  const text = item.message_type === "text" ? item.content : (item.file_name ?? item.content);
  const remove = () => useOutboxStore.getState().remove(item.client_id);
  return (
    <li data-testid="outbox-message" data-state={item.state} className="flex items-start gap-3 px-5 py-1.5">
      <div className="min-w-0 flex-1">
        <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-muted-foreground">{text}</p>
        <p className={failed ? "flex items-center gap-1 text-xs text-destructive" : "flex items-center gap-1 text-xs text-muted-foreground"}>
          {failed ? <CircleAlert className="size-3.5" aria-hidden /> : <Clock className="size-3.5" aria-hidden />}
          {failed ? `Not sent: ${item.error ?? "refused"}` : "Waiting for network"}
        </p>
      </div>
      {failed && (
        <Button variant="ghost" size="sm" className="pointer-coarse:h-11" onClick={() => retryOutboxItem(item.client_id)}>
          Retry
        </Button>
      )}
      <Button variant="ghost" size="sm" className="pointer-coarse:h-11" aria-label={`Remove unsent message: ${text.slice(0, 40)}`} onClick={remove}>
        Remove
      </Button>
    </li>
  );
}
