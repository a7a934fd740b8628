import type { PageName } from "../pages";
import { cn } from "../../lib/utils";
import { BrandMark, PRODUCT_NAME } from "../../ui/BrandMark";
import { NavMain } from "./NavMain";
import { QuickActions } from "./QuickActions";
import { useSidebar } from "./sidebarContext";
import { UserMenu } from "./UserMenu";

/** What the sidebar holds, shared by the desktop rail and the mobile sheet. */
export function SidebarBody({ currentPage, onNavigate }: { currentPage: PageName; onNavigate?: () => void }) {
  const { open, isMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  return (
    <div className="flex h-full flex-col">
      <div className={cn("flex h-14 shrink-0 items-center gap-2.5 px-3", collapsed && "justify-center px-2")}>
        <BrandMark />
        {!collapsed && (
          <div className="grid leading-tight">
            <span className="text-sm font-semibold tracking-tight text-sidebar-accent-foreground">{PRODUCT_NAME}</span>
            <span className="text-xs text-sidebar-muted">Team workspace</span>
          </div>
        )}
      </div>
      <div className={cn("scrollbar-thin flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-3 py-2", collapsed && "px-2")}>
        <NavMain currentPage={currentPage} onNavigate={onNavigate} />
        <QuickActions onAction={onNavigate} />
      </div>
      <div className={cn("shrink-0 border-t border-sidebar-border p-2", collapsed && "px-1.5")}>
        <UserMenu onNavigate={onNavigate} />
      </div>
    </div>
  );
}
