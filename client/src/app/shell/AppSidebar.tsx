import type { PageName } from "../pages";
import { cn } from "../../lib/utils";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../../ui/sheet";
import { SidebarBody } from "./SidebarBody";
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE, useSidebar } from "./sidebarContext";

export function AppSidebar({ currentPage }: { currentPage: PageName }) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          className="bg-sidebar p-0"
          style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: "85vw" }}
          aria-describedby={undefined}
        >
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Pages and quick actions</SheetDescription>
          <SidebarBody currentPage={currentPage} onNavigate={() => setOpenMobile(false)} />
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <aside
      aria-label="Sidebar"
      data-state={open ? "expanded" : "collapsed"}
      className={cn(
        "relative hidden h-svh shrink-0 border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-out md:block",
      )}
      style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
    >
      <SidebarBody currentPage={currentPage} />
    </aside>
  );
}
