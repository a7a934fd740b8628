import type { ReactNode } from "react";
import { cn } from "../../lib/utils";
import { useSidebar } from "./sidebarContext";

export function SidebarGroupLabel({ children }: { children: ReactNode }) {
  const { open, isMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  return (
    <div
      className={cn(
        "flex h-7 items-center px-2 text-[11px] font-semibold tracking-wide text-sidebar-muted uppercase transition-opacity",
        collapsed && "pointer-events-none h-3 opacity-0",
      )}
      aria-hidden={collapsed}
    >
      {children}
    </div>
  );
}
