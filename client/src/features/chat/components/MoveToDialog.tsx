// "Move to…" from a channel's menu (docs/channels.md, "Sidebar"): the way to another section
// for touch and keyboard users, where dragging is not at hand.
import { Check } from "lucide-react";
import type { SidebarSection } from "@shared/entities";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { cn } from "../../../lib/utils";

interface Props {
  /** The channel's name as this person sees it; null: closed. */
  title: string | null;
  sections: SidebarSection[];
  /** The section it shows in now. */
  currentId: number | undefined;
  onMove: (sectionId: number) => void;
  onClose: () => void;
}

export function MoveToDialog({ title, sections, currentId, onMove, onClose }: Props) {
  return (
    <Dialog open={title !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Move {title} to…</DialogTitle>
          <DialogDescription>Pick the section of your sidebar it shows in.</DialogDescription>
        </DialogHeader>
        <ul aria-label="Sections" className="grid gap-1">
          {sections.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                disabled={s.id === currentId}
                aria-current={s.id === currentId ? "true" : undefined}
                onClick={() => {
                  onMove(s.id);
                  onClose();
                }}
                className={cn(
                  "flex min-h-11 w-full items-center justify-between rounded-md px-3 text-left text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 disabled:text-muted-foreground",
                )}
              >
                {s.name}
                {s.id === currentId && <Check aria-label="Here now" className="size-4" />}
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
