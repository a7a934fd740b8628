import { cn } from "../../../lib/utils";
import { SimpleTooltip } from "../../../ui/tooltip";
import type { ReactionGroup } from "../reactions";

interface Props {
  group: ReactionGroup;
  /** The people who reacted, by name ("You" for the reader). */
  names: string[];
  onToggle: (emoji: string) => void;
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** One emoji under a message: its count, who reacted on hover, and a click adds or removes the reader's. */
export function ReactionChip({ group, names, onToggle }: Props) {
  const who = listNames(names);
  return (
    <SimpleTooltip label={`${who} reacted with ${group.emoji}`}>
      <button
        type="button"
        aria-pressed={!!group.mine}
        aria-label={`${group.emoji} ${group.count} (${who}). ${group.mine ? "Remove your reaction" : "React with this too"}`}
        data-emoji={group.emoji}
        onClick={() => onToggle(group.emoji)}
        className={cn(
          "inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs tabular-nums transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
          group.mine ? "border-primary/50 bg-primary/10 text-primary" : "border-border bg-muted/40 text-foreground/80 hover:bg-muted",
        )}
      >
        <span aria-hidden className="text-sm leading-none">
          {group.emoji}
        </span>
        <span aria-hidden className="font-medium">
          {group.count}
        </span>
      </button>
    </SimpleTooltip>
  );
}
