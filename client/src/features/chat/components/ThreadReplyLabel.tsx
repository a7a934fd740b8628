import { CornerDownRight } from "lucide-react";

/** Above a reply also sent to the channel: it belongs to a thread, which it opens. */
export function ThreadReplyLabel({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex items-center gap-1 rounded text-[11.5px] text-muted-foreground hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      <CornerDownRight className="size-3" aria-hidden />
      Replied in a thread
    </button>
  );
}
