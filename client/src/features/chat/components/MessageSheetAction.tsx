import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";

/** At least 44×44 px: a fingertip's size (docs/messages.md, "On a phone"). */
export const TOUCH_TARGET =
  "flex min-h-11 min-w-11 items-center gap-3 rounded-lg transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none active:bg-muted";

/** One row of the message action sheet (./MessageActionSheet). */
export function MessageSheetAction({ icon, label, onClick, destructive = false }: { icon: ReactNode; label: string; onClick: () => void; destructive?: boolean }) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className={cn(TOUCH_TARGET, "w-full px-3 text-left text-[15px] [&_svg]:size-5 [&_svg]:text-muted-foreground", destructive && "text-destructive [&_svg]:text-destructive")}
      >
        {icon}
        {label}
      </button>
    </li>
  );
}
