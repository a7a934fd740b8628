// The documented page table. Order matters: the first entry is the fallback for unknown names.
export const PAGE_NAMES = [
  "Dashboard",
  "Chat",
  "FileLibrary",
  "Resources",
  "Profile",
  "Directory",
  "Tasks",
  "Calendar",
  "Meet",
  "Notes",
  "Approvals",
  "CallHistory",
  "Admin",
  "Search",
  "Login",
  "Logout",
  "AcceptInvite",
] as const;

export type PageName = (typeof PAGE_NAMES)[number];

const byLowerName = new Map<string, PageName>(PAGE_NAMES.map((n) => [n.toLowerCase(), n]));

/** The page is named by the last path segment, case-insensitively; "/" and unknown names are Dashboard. */
export function pageFromPath(pathname: string): PageName {
  const segments = pathname.split("/").filter(Boolean);
  const last = segments.length ? decodeURIComponent(segments[segments.length - 1]) : "";
  return byLowerName.get(last.toLowerCase()) ?? PAGE_NAMES[0];
}

export function pagePath(name: PageName): string {
  return `/${name}`;
}
