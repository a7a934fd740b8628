import type { PageName } from "../pages";
import { Separator } from "../../ui/separator";
import { BrandMark, PRODUCT_NAME } from "../../ui/BrandMark";
import { ConnectionPill } from "./ConnectionPill";
import { NotificationBell } from "../../features/notifications/NotificationBell";
import { SavedButton } from "../../features/chat/components/SavedButton";
import { HEADER_ACTIONS_ID } from "../../ui/headerSlot";
import { FALLBACK_META, PAGE_META } from "./navItems";
import { SidebarTrigger } from "./SidebarTrigger";
import { useSidebar } from "./sidebarContext";
import { SearchBox } from "../../features/search/components/SearchBox";

export function AppHeader({ page }: { page: PageName }) {
  const { isMobile } = useSidebar();
  const meta = PAGE_META[page] ?? FALLBACK_META;
  const Icon = meta.icon;
  return (
    <header className="relative flex h-12 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mx-1 !h-4" />
      {isMobile ? (
        <div className="flex items-center gap-2">
          <BrandMark className="size-6 rounded-md" />
          <span className="text-sm font-semibold tracking-tight">{PRODUCT_NAME}</span>
          <span className="text-sm text-muted-foreground">/ {meta.title}</span>
        </div>
      ) : (
        <div className="flex items-center gap-2 text-sm">
          <Icon className="size-4 text-muted-foreground" />
          <span className="font-medium">{meta.title}</span>
        </div>
      )}
      <div className="ml-auto flex items-center gap-2">
        <SearchBox compact={isMobile} />
        <ConnectionPill />
        <SavedButton />
        <NotificationBell />
        <div id={HEADER_ACTIONS_ID} className="flex items-center gap-1 empty:hidden" />
      </div>
    </header>
  );
}
