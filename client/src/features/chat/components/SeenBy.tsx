import { useEffect, useMemo } from "react";
import { CheckCheck } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { useSessionStore } from "../../auth/store";
import { useChatStore } from "../store";
import { ensureReceipts, seenBy, seenTarget, useReceiptsStore } from "../receipts";
import { usePeopleByEmail } from "../usePeopleByEmail";

const EMPTY: readonly ChatMessage[] = [];

/**
 * "Seen by Ann, Ben" under my newest message that others have read (docs/messages.md, "Mentions and read receipts"), live. Rendered for my own messages only; shows nothing where receipts do not apply
 * (a large channel, or receipts off on either side: the server then answers none).
 */
export function SeenBy({ message }: { message: ChatMessage }) {
  const me = useSessionStore((s) => s.user);
  const on = me?.enable_read_receipts !== false;
  const seen = useReceiptsStore((s) => s.byChannel[message.channel_id]);
  const items = useChatStore((s) => s.byChannel[message.channel_id]?.items ?? EMPTY);
  const people = usePeopleByEmail();
  const myEmail = me?.email.toLowerCase();

  useEffect(() => {
    if (on) ensureReceipts(message.channel_id);
  }, [on, message.channel_id]);

  const readers = useMemo(() => {
    if (!on || !seen?.enabled || !myEmail) return [];
    const mine = items.filter((m) => m.sender_email.toLowerCase() === myEmail).map((m) => m.id);
    if (seenTarget(mine, seen.positions) !== message.id) return [];
    return seenBy(message.id, seen.positions).map((e) => people.get(e)?.full_name || e);
  }, [on, seen, items, myEmail, message.id, people]);

  if (!readers.length) return null;
  return (
    <p data-testid="seen-by" className="mt-0.5 flex items-center gap-1 text-[11.5px] text-muted-foreground" aria-live="polite">
      <CheckCheck className="size-3.5" aria-hidden />
      Seen by {readers.join(", ")}
    </p>
  );
}
