import { describe, expect, it } from "vitest";
import { expand, fromRule, toRule } from "./recurrence";

describe("recurrence", () => {
  it("round-trips the form's repeat choices through RRULE text", () => {
    const weekly = { kind: "weekly" as const, days: ["MO", "WE"], ends: "count" as const, count: 4, until: "" };
    expect(toRule(weekly)).toBe("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4");
    expect(fromRule("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4")).toEqual(weekly);
    expect(toRule({ kind: "monthly", days: [], ends: "until", count: 0, until: "2027-01-31" })).toBe("FREQ=MONTHLY;UNTIL=20270131T235959Z");
    expect(toRule({ kind: "none", days: [], ends: "never", count: 0, until: "" })).toBeNull();
  });

  it("keeps wall-clock time across a DST change in the event's zone and applies exceptions", () => {
    // 09:00 in New York every Monday, across the switch to summer time on 2026-03-08.
    const start = new Date("2026-03-02T14:00:00Z");
    const occ = expand(
      {
        start,
        end: new Date("2026-03-02T15:00:00Z"),
        rule: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
        exceptions: [{ occurrence: "2026-03-16T13:00:00.000Z", start: "2026-03-17T13:00:00.000Z" }],
      },
      new Date("2026-03-01T00:00:00Z"),
      new Date("2026-04-01T00:00:00Z"),
      "America/New_York",
    );
    expect(occ.map((o) => o.start.toISOString())).toEqual(["2026-03-02T14:00:00.000Z", "2026-03-09T13:00:00.000Z", "2026-03-17T13:00:00.000Z"]);
    expect(occ[2].end.toISOString()).toBe("2026-03-17T14:00:00.000Z");
  });
});
