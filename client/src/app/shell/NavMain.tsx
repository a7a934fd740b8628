import { Link } from "react-router-dom";
import type { PageName } from "../pages";
import { useUnreadStore } from "../../features/chat/unreadStore";
import { useChannelLevels } from "../../features/notifications/channelLevels";
import { NAV_ITEMS } from "./navItems";
import { SidebarNavButton } from "./SidebarNavButton";
import { SidebarGroupLabel } from "./SidebarGroupLabel";

export function NavMain({ currentPage, onNavigate }: { currentPage: PageName; onNavigate?: () => void }) {
  // Unread chat messages (docs/unread.md: kept by the server), so people notice activity from any
  // page; a muted channel counts only what mentions them (docs/notifications.md).
  const levels = useChannelLevels();
  const unread = useUnreadStore((s) => Object.entries(s.unread).reduce((a, [id, n]) => a + (levels[Number(id)] === "muted" ? (s.mentions[Number(id)] ?? 0) : n), 0));
  return (
    <nav aria-label="Main" className="flex flex-col gap-0.5">
      <SidebarGroupLabel>Workspace</SidebarGroupLabel>
      {NAV_ITEMS.map((item) => (
        <SidebarNavButton
          key={item.page}
          icon={item.icon}
          label={item.label}
          active={currentPage === item.page}
          badge={
            item.page === "Chat" && unread > 0 ? (
              <span className="ml-auto rounded-full bg-primary px-1.5 py-px text-[10.5px] font-semibold text-primary-foreground tabular-nums">
                {unread > 99 ? "99+" : unread}
              </span>
            ) : undefined
          }
          render={(props) => <Link to={`/${item.page}`} onClick={onNavigate} {...props} />}
        />
      ))}
    </nav>
  );
}
