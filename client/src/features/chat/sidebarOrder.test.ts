import { describe, expect, it } from "vitest";
import type { Channel, SidebarSection } from "@shared/entities";
import { applyMove, arrangeSidebar, listIndex, placeAt, placeholderSections, sectionOf, sortItems, type SidebarItem } from "./sidebarOrder";

const channel = (id: number, name: string, type: Channel["type"] = "public", last?: string): Channel =>
  ({ id, name, type, members: [], description: null, is_system: false, last_activity: last ?? "", created_by: null, created_date: "", updated_date: "" }) as unknown as Channel;
const item = (c: Channel): SidebarItem => ({ channel: c, title: c.name });
const section = (id: number, kind: SidebarSection["kind"], position: number, channel_ids: number[] = [], sort: SidebarSection["sort"] = "manual"): SidebarSection =>
  ({ id, kind, name: kind, position, sort, collapsed: false, channel_ids, user_id: 1, created_date: "", updated_date: "" });

const general = channel(1, "general", "public", "2026-11-28T10:00:00Z");
const random = channel(2, "Random", "public", "2026-11-28T12:00:00Z");
const alpha = channel(3, "alpha", "private", "2026-11-28T09:00:00Z");
const dm = channel(4, "sam", "dm", "2026-11-28T11:00:00Z");

describe("sidebar order", () => {
  it("shows a channel where a section lists it, else at home by its type", () => {
    const sections = [section(10, "favourites", 0, [2]), section(11, "channels", 1, [], "alpha"), section(12, "dms", 2, [], "recent"), section(13, "custom", 3, [3])];
    const views = arrangeSidebar(sections, [general, random, alpha, dm].map(item));
    expect(views.map((v) => [v.section.id, v.items.map((i) => i.channel.id)])).toEqual([
      [10, [2]],
      [11, [1]],
      [12, [4]],
      [13, [3]],
    ]);
  });

  it("orders sections by position, whatever order they come in", () => {
    const views = arrangeSidebar([section(13, "custom", 0), section(10, "favourites", 2), section(11, "channels", 1)], []);
    expect(views.map((v) => v.section.id)).toEqual([13, 11, 10]);
  });

  it("sorts by name ignoring case, by latest activity, or by the manual list with the unlisted after by name", () => {
    const items = [general, random, alpha].map(item);
    expect(sortItems(items, "alpha", []).map((i) => i.channel.name)).toEqual(["alpha", "general", "Random"]);
    expect(sortItems(items, "recent", []).map((i) => i.channel.name)).toEqual(["Random", "general", "alpha"]);
    expect(sortItems(items, "manual", [2, 1]).map((i) => i.channel.name)).toEqual(["Random", "general", "alpha"]);
    // A channel that never had a message goes last when sorted by activity.
    expect(sortItems([item(channel(9, "quiet")), ...items], "recent", []).at(-1)?.channel.name).toBe("quiet");
  });

  it("moves a channel into a section at an index and out of any other, like the server", () => {
    expect(placeAt([1, 2, 3], 9, 1)).toEqual([1, 9, 2, 3]);
    expect(placeAt([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(placeAt([1, 2], 3, 50)).toEqual([1, 2, 3]);
    const before = [section(10, "favourites", 0, [2, 1]), section(13, "custom", 1, [3])];
    const after = applyMove(before, 2, 13, 0);
    expect(after.map((s) => s.channel_ids)).toEqual([[1], [2, 3]]);
    expect(before[0].channel_ids).toEqual([2, 1]);
    expect(sectionOf(after, { id: 2, type: "public" })?.id).toBe(13);
    expect(sectionOf(after, { id: 4, type: "dm" })).toBeUndefined();
  });

  it("maps a drop among a home section's unlisted channels to the end of its list", () => {
    const sections = [section(11, "channels", 0, [2])];
    const [view] = arrangeSidebar(sections, [general, random, alpha].map(item));
    expect(view.items.map((i) => i.channel.id)).toEqual([2, 3, 1]);
    expect(listIndex(view, 1, 0)).toBe(0);
    expect(listIndex(view, 1, 2)).toBe(1);
    expect(listIndex(view, 2, 1)).toBe(0);
  });

  it("shows the three defaults before the server has made them", () => {
    expect(placeholderSections().map((s) => [s.kind, s.name, s.sort])).toEqual([
      ["favourites", "Favourites", "manual"],
      ["channels", "Channels", "alpha"],
      ["dms", "Direct messages", "recent"],
    ]);
  });
});
