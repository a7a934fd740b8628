// The sidebar's fixed words and numbers (docs/channels.md, "Sidebar"), apart from the table's zod
// definition (./entities/sidebar_sections.ts) so the Chat page can read them without zod in front
// of its first paint (docs/benchmarks.md, "Cold load").
export const SIDEBAR_KINDS = ["favourites", "channels", "dms", "custom"] as const;
export type SidebarKind = (typeof SIDEBAR_KINDS)[number];
export const SIDEBAR_SORTS = ["recent", "alpha", "manual"] as const;
export type SidebarSort = (typeof SIDEBAR_SORTS)[number];
/** The default sections' names and sorts, in their first order. */
export const SIDEBAR_DEFAULTS: readonly { kind: Exclude<SidebarKind, "custom">; name: string; sort: SidebarSort }[] = [
  { kind: "favourites", name: "Favourites", sort: "manual" },
  { kind: "channels", name: "Channels", sort: "alpha" },
  { kind: "dms", name: "Direct messages", sort: "recent" },
];
export const SIDEBAR_NAME_MAX = 40;
/** Sections of one's own a person may have. */
export const SIDEBAR_SECTIONS_MAX = 50;
/** Channels one section may list. */
export const SIDEBAR_CHANNELS_MAX = 2000;
