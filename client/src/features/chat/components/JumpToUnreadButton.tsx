import { ArrowUp } from "lucide-react";
import { Button } from "../../../ui/button";

/** Shown while the first unread message is off screen; takes the reader there. */
export function JumpToUnreadButton({ onJump }: { onJump: () => void }) {
  return (
    <Button size="sm" variant="secondary" onClick={onJump} className="absolute top-3 left-1/2 z-10 -translate-x-1/2 rounded-full border shadow-lg">
      <ArrowUp />
      Jump to first unread
    </Button>
  );
}
