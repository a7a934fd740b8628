import { useMemo } from "react";
import { SmilePlus } from "lucide-react";
import type { MessageReaction } from "@shared/entities";
import { useSessionStore } from "../../auth/store";
import { react } from "../messageActions";
import { groupReactions, useReactionsStore } from "../reactions";
import { usePeopleByEmail } from "../usePeopleByEmail";
import { EmojiPickerPopover } from "./EmojiPickerPopover";
import { ReactionChip } from "./ReactionChip";

const NONE: MessageReaction[] = [];

/** The reactions under a message, live for everyone in the channel (docs/messages.md, "Reactions and edits"). */
export function ReactionBar({ messageId }: { messageId: number }) {
  const rows = useReactionsStore((s) => s.byMessage[messageId] ?? NONE);
  const me = useSessionStore((s) => s.user?.email);
  const people = usePeopleByEmail();
  const groups = useMemo(() => groupReactions(rows, me), [rows, me]);
  if (!groups.length) return null;
  const nameOf = (email: string) =>
    me && email.toLowerCase() === me.toLowerCase() ? "You" : (people.get(email.toLowerCase())?.full_name ?? email);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1" role="group" aria-label="Reactions">
      {groups.map((g) => (
        <ReactionChip key={g.emoji} group={g} names={g.emails.map(nameOf)} onToggle={(emoji) => react(messageId, emoji)} />
      ))}
      <EmojiPickerPopover label="Add reaction" onPick={(emoji) => react(messageId, emoji)}>
        <button
          type="button"
          aria-label="Add reaction"
          className="inline-flex h-6 items-center rounded-full border border-transparent px-1.5 text-muted-foreground hover:border-border hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        >
          <SmilePlus className="size-3.5" />
        </button>
      </EmojiPickerPopover>
    </div>
  );
}
