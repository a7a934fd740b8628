/** Marks a message an integration posted (an incoming webhook, docs/integrations.md), not a person. */
export function BotBadge() {
  return (
    <span
      title="Posted by an integration"
      className="shrink-0 rounded border border-border bg-muted px-1 py-px text-[10px] leading-none font-semibold tracking-wide text-muted-foreground"
    >
      BOT
    </span>
  );
}
