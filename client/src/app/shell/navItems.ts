import {
  Activity,
  BookOpen,
  CalendarDays,
  ClipboardCheck,
  FolderOpen,
  LayoutDashboard,
  ListChecks,
  MessagesSquare,
  NotebookPen,
  Search,
  Settings,
  Shield,
  UserRound,
  Users,
  Video,
  type LucideIcon,
} from "lucide-react";
import type { PageName } from "../pages";

export interface NavItem {
  page: PageName;
  label: string;
  icon: LucideIcon;
}

/** The sidebar's entries, in the documented order. */
export const NAV_ITEMS: NavItem[] = [
  { page: "Dashboard", label: "Dashboard", icon: LayoutDashboard },
  { page: "Chat", label: "Chat", icon: MessagesSquare },
  { page: "Tasks", label: "Tasks", icon: ListChecks },
  { page: "Calendar", label: "Calendar", icon: CalendarDays },
  { page: "Directory", label: "Directory", icon: Users },
  { page: "FileLibrary", label: "File Library", icon: FolderOpen },
  { page: "Notes", label: "Notes", icon: NotebookPen },
  { page: "Resources", label: "Resources", icon: BookOpen },
  { page: "Approvals", label: "Approvals", icon: ClipboardCheck },
];

/** Titles shown in the top bar for every page inside the shell. */
export const PAGE_META: Partial<Record<PageName, { title: string; icon: LucideIcon }>> = {
  ...Object.fromEntries(NAV_ITEMS.map((n) => [n.page, { title: n.label, icon: n.icon }])),
  Profile: { title: "Profile Settings", icon: UserRound },
  CallHistory: { title: "Activity", icon: Activity },
  Admin: { title: "Admin Settings", icon: Shield },
  Meet: { title: "Meeting", icon: Video },
  Search: { title: "Search", icon: Search },
};

export const FALLBACK_META = { title: "Teamspace", icon: Settings };
