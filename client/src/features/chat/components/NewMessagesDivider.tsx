/** The line above the first unread message of a channel as it was when opened (docs/unread.md). */
export function NewMessagesDivider() {
  return (
    <div className="flex items-center gap-3 px-5 pt-3 pb-1" role="separator" aria-label="New messages" data-testid="new-messages-divider">
      <div className="h-px flex-1 bg-destructive/60" />
      <span className="text-[11.5px] font-semibold tracking-wide text-destructive uppercase">New messages</span>
      <div className="h-px flex-1 bg-destructive/60" />
    </div>
  );
}
