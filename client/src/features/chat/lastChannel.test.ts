import { describe, expect, it } from "vitest";
import type { Channel } from "@shared/entities";
import { channelToOpen } from "./lastChannel";

const ch = (id: number, name: string, is_system = false) => ({ id, name, is_system, type: "public", members: [] }) as unknown as Channel;

describe("channelToOpen", () => {
  const list = [ch(3, "random"), ch(1, "general", true), ch(2, "vr-bugs")];
  it("opens the channel viewed last while it is still there", () => {
    expect(channelToOpen(list, 2)?.id).toBe(2);
  });
  it("falls back to #general, then a system channel, then the first", () => {
    expect(channelToOpen(list, 99)?.id).toBe(1);
    expect(channelToOpen(list, null)?.id).toBe(1);
    expect(channelToOpen([ch(3, "random"), ch(5, "announcements", true)], null)?.id).toBe(5);
    expect(channelToOpen([ch(3, "random")], null)?.id).toBe(3);
    expect(channelToOpen([], 3)).toBeUndefined();
  });
});
