// The sidebar's arithmetic (docs/channels.md, "Sidebar"), apart from React so it can be tested on
// its own: which section each channel shows in, in what order, and what a move does to the
// sections' lists (the same as the server's sidebar_sections.move, so this tab shows it at once).
import type { Channel, SidebarSection } from "@shared/entities";
import { SIDEBAR_DEFAULTS, type SidebarSort } from "@shared/sidebar";

export interface SidebarItem {
  channel: Channel;
  /** What this person calls it (a dm: the other person's name). */
  title: string;
}

export interface SectionView {
  section: SidebarSection;
  items: SidebarItem[];
}

/** The defaults as they show before the server has made them (negative ids: nothing to change yet). */
export function placeholderSections(): SidebarSection[] {
  return SIDEBAR_DEFAULTS.map((d, i) => ({ id: -(i + 1), created_date: "", updated_date: "", user_id: 0, kind: d.kind, name: d.name, position: i, sort: d.sort, collapsed: false, channel_ids: [] }));
}

const byTitle = (a: SidebarItem, b: SidebarItem) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" }) || a.channel.id - b.channel.id;
const activity = (c: Channel) => (c.last_activity ? Date.parse(c.last_activity) || 0 : 0);

/** A section's items in its sort: manual follows its list (channels it does not list after, by name). */
export function sortItems(items: SidebarItem[], sort: SidebarSort, listed: readonly number[]): SidebarItem[] {
  const out = [...items];
  if (sort === "alpha") return out.sort(byTitle);
  if (sort === "recent") return out.sort((a, b) => activity(b.channel) - activity(a.channel) || byTitle(a, b));
  const at = new Map(listed.map((id, i) => [id, i]));
  return out.sort((a, b) => (at.get(a.channel.id) ?? Infinity) - (at.get(b.channel.id) ?? Infinity) || byTitle(a, b));
}

/**
 * Every section in its order with its channels: a channel shows where a section lists it (the first
 * one, should two), else in Channels or Direct messages by its type.
 */
export function arrangeSidebar(sections: readonly SidebarSection[], items: readonly SidebarItem[]): SectionView[] {
  const ordered = [...sections].sort((a, b) => a.position - b.position || a.id - b.id);
  const home = (c: Channel) => ordered.find((s) => s.kind === (c.type === "dm" ? "dms" : "channels"));
  const placed = new Map<number, SidebarSection>();
  for (const s of ordered) for (const id of s.channel_ids) if (!placed.has(id)) placed.set(id, s);
  const bySection = new Map<number, SidebarItem[]>(ordered.map((s) => [s.id, []]));
  for (const item of items) {
    const s = placed.get(item.channel.id) ?? home(item.channel);
    if (s) bySection.get(s.id)!.push(item);
  }
  return ordered.map((s) => ({ section: s, items: sortItems(bySection.get(s.id)!, s.sort, s.channel_ids) }));
}

/** Inserts `id` at `index` (clamped; the end when absent) of `list`, without repeating it. */
export function placeAt(list: readonly number[], id: number, index?: number): number[] {
  const rest = list.filter((x) => x !== id);
  const at = Math.min(index ?? rest.length, rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** The sections after moving a channel into `to` at `index`: out of every other one. */
export function applyMove(sections: readonly SidebarSection[], channelId: number, to: number, index?: number): SidebarSection[] {
  return sections.map((s) => (s.id === to ? { ...s, channel_ids: placeAt(s.channel_ids, channelId, index) } : s.channel_ids.includes(channelId) ? { ...s, channel_ids: s.channel_ids.filter((x) => x !== channelId) } : s));
}

/**
 * Where a drop at `viewIndex` of a section's shown items lands in its list. The shown order of a
 * manual section is its list, then the channels it does not list; a drop among those goes to the
 * list's end. The moved channel itself is not counted.
 */
export function listIndex(view: SectionView, channelId: number, viewIndex: number): number {
  const shown = view.items.map((i) => i.channel.id).filter((id) => id !== channelId);
  const listed = shown.filter((id) => view.section.channel_ids.includes(id)).length;
  return Math.min(viewIndex, listed);
}

/** The section ids after moving `id` to `index`. */
export function reorderIds(ids: readonly number[], id: number, index: number): number[] {
  return placeAt(ids, id, index);
}

/** The section a channel shows in (its list's, else its home by type). */
export function sectionOf(sections: readonly SidebarSection[], channel: Pick<Channel, "id" | "type">): SidebarSection | undefined {
  const ordered = [...sections].sort((a, b) => a.position - b.position || a.id - b.id);
  return ordered.find((s) => s.channel_ids.includes(channel.id)) ?? ordered.find((s) => s.kind === (channel.type === "dm" ? "dms" : "channels"));
}

/** Where unfavouriting a channel sends it: its home section by type. */
export const homeOf = (sections: readonly SidebarSection[], channel: Pick<Channel, "type">) => sections.find((s) => s.kind === (channel.type === "dm" ? "dms" : "channels"));
