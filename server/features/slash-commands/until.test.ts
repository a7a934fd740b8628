// The `[until]` of /status: spans from now and the end of a day in the person's zone.
import { describe, it, expect } from "vitest";
import { parseUntil } from "./until";
import { parseSlashCommand, matchSlashCommands, isSlashCommand, SLASH_COMMANDS } from "@shared/slashCommands";

const now = new Date("2026-11-28T14:20:00Z");

describe("parseUntil", () => {
  it("reads spans from now", () => {
    expect(parseUntil("30m", now, "UTC")?.toISOString()).toBe("2026-11-28T14:50:00.000Z");
    expect(parseUntil("1h", now, "UTC")?.toISOString()).toBe("2026-11-28T15:20:00.000Z");
    expect(parseUntil("2d", now, "UTC")?.toISOString()).toBe("2026-11-30T14:20:00.000Z");
    expect(parseUntil("90min", now, "UTC")?.toISOString()).toBe("2026-11-28T15:50:00.000Z");
  });
  it("ends today and tomorrow at midnight in the zone", () => {
    expect(parseUntil("today", now, "UTC")?.toISOString()).toBe("2026-11-29T00:00:00.000Z");
    expect(parseUntil("Tomorrow", now, "UTC")?.toISOString()).toBe("2026-11-30T00:00:00.000Z");
    // 14:20 UTC is 23:20 in Tokyo: today ends 40 minutes later.
    expect(parseUntil("today", now, "Asia/Tokyo")?.toISOString()).toBe("2026-11-28T15:00:00.000Z");
    expect(parseUntil("today", now, "America/New_York")?.toISOString()).toBe("2026-11-29T05:00:00.000Z");
  });
  it("names nothing for other words, zero and spans past 30 days", () => {
    for (const w of ["lunch", "0m", "31d", "1y", "", "h", "-1h", "1e3h"]) expect(parseUntil(w, now, "UTC"), w).toBeNull();
  });
});

describe("parseSlashCommand", () => {
  it("splits the name (lower case) from its text", () => {
    expect(parseSlashCommand("/Away")).toEqual({ name: "away", text: "" });
    expect(parseSlashCommand("/status  In a meeting 1h  ")).toEqual({ name: "status", text: "In a meeting 1h" });
    expect(parseSlashCommand("/me waves\nhello")).toEqual({ name: "me", text: "waves\nhello" });
  });
  it("is null when no command name follows the slash", () => {
    for (const line of ["/", "/ away", "/123", "//x", "away", "/a@b"]) expect(parseSlashCommand(line), line).toBeNull();
  });
  it("offers the commands starting with what is typed", () => {
    expect(matchSlashCommands("").length).toBe(SLASH_COMMANDS.length);
    expect(matchSlashCommands("s").map((c) => c.name)).toEqual(["status", "shrug"]);
    expect(matchSlashCommands("SH").map((c) => c.name)).toEqual(["shrug"]);
    expect(matchSlashCommands("x")).toEqual([]);
    expect(isSlashCommand("/x")).toBe(true);
    expect(isSlashCommand(" /x")).toBe(false);
  });
});
