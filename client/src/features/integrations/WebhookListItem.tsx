import { Trash, Webhook } from "lucide-react";
import type { IncomingWebhook } from "@shared/entities";
import { formatShortWhen } from "../../lib/format";
import { Button } from "../../ui/button";

interface Props {
  webhook: IncomingWebhook;
  /** Who made it, by name where known. */
  owner: string;
  canRevoke: boolean;
  onRevoke: (webhook: IncomingWebhook) => void;
}

/** One webhook of a channel: its name, who made it, when it last posted. */
export function WebhookListItem({ webhook, owner, canRevoke, onRevoke }: Props) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <div className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Webhook className="size-4" />
      </div>
      <div className="grid min-w-0 flex-1 leading-tight">
        <span className="truncate text-sm font-medium">{webhook.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          Added by {owner} · {webhook.last_used_at ? `last used ${formatShortWhen(webhook.last_used_at)}` : "never used"}
        </span>
      </div>
      {canRevoke && (
        <Button variant="ghost" size="icon-sm" aria-label={`Revoke ${webhook.name}`} className="text-muted-foreground hover:text-destructive" onClick={() => onRevoke(webhook)}>
          <Trash />
        </Button>
      )}
    </li>
  );
}
