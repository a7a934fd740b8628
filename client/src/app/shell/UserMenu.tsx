import { Activity, ChevronsUpDown, LogOut, Moon, Shield, Sun, UserRound } from "lucide-react";
import { useNavigate } from "react-router-dom";
import type { UserStatus } from "@shared/realtime";
import { canSeeAdminPage } from "../../features/users/roles";
import { cn } from "../../lib/utils";
import { STATUS_LABELS, USER_STATUS_ORDER } from "../../features/presence/store";
import { useSessionStore } from "../../features/auth/store";
import { useThemeStore } from "../theme";
import { setMyStatus } from "../../features/presence/actions";
import { UserAvatar } from "../../ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";
import { useSidebar } from "./sidebarContext";
import { StatusDot } from "../../features/presence/components/StatusDot";

export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSessionStore((s) => s.user);
  const resolvedTheme = useThemeStore((s) => s.resolved);
  const toggleTheme = useThemeStore((s) => s.toggle);
  const navigate = useNavigate();
  const { open, isMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  if (!user) return null;

  const go = (path: string) => {
    onNavigate?.();
    navigate(path);
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          "flex w-full items-center gap-2.5 rounded-lg p-1.5 text-left outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent",
          collapsed && "justify-center p-0",
        )}
      >
        <span className="relative">
          <UserAvatar name={user.full_name} email={user.email} photo={user.profile_photo} className="size-8 rounded-lg" />
          <StatusDot
            status={user.user_status ?? "online"}
            className="absolute -right-0.5 -bottom-0.5 size-3 ring-2 ring-sidebar"
          />
        </span>
        {!collapsed && (
          <>
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate text-[13px] font-semibold text-sidebar-accent-foreground">{user.full_name}</span>
              <span className="truncate text-xs text-sidebar-muted">{user.email}</span>
            </span>
            <ChevronsUpDown className="size-4 text-sidebar-muted" />
          </>
        )}
        {/* Named by what it shows (initials, name, e-mail) plus its purpose: speech users say what they see. */}
        <span className="sr-only">User menu</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent side={isMobile ? "top" : "right"} align="end" className="w-60">
        <div className="flex items-center gap-2.5 px-2 py-2">
          <UserAvatar name={user.full_name} email={user.email} photo={user.profile_photo} className="size-9 rounded-lg" />
          <div className="grid min-w-0 leading-tight">
            <span className="truncate text-sm font-semibold">{user.full_name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </div>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Status</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={user.user_status ?? "online"}
          onValueChange={(v) => void setMyStatus(v as UserStatus)}
        >
          {USER_STATUS_ORDER.map((s) => (
            <DropdownMenuRadioItem key={s} value={s}>
              <StatusDot status={s} className="size-2" />
              {STATUS_LABELS[s]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => go("/Profile")}>
          <UserRound />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => go("/CallHistory")}>
          <Activity />
          Activity
        </DropdownMenuItem>
        {canSeeAdminPage(user) && (
          <DropdownMenuItem onSelect={() => go("/Admin")}>
            <Shield />
            Admin
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={toggleTheme}>
          {resolvedTheme === "dark" ? <Sun /> : <Moon />}
          {resolvedTheme === "dark" ? "Light Mode" : "Dark Mode"}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => go("/Logout")}>
          <LogOut />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
