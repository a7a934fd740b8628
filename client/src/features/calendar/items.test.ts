import { describe, expect, it } from "vitest";
import { format } from "date-fns";
import type { CalendarEvent } from "@shared/entities";
import { eventOccurrences } from "./items";

// A New York series seen from Berlin: the US changes its clocks on 14 March 2027, the EU on 28
// March, so for two weeks the 09:00 New York meeting is at 14:00 in Berlin instead of 15:00.
const standup = {
  id: 1,
  title: "Standup",
  description: null,
  // The API's text in the reader's (Berlin's) zone.
  start_datetime: "2027-03-02 15:00:00",
  end_datetime: "2027-03-02 15:30:00",
  event_type: "meeting",
  location: null,
  attendees: [],
  priority: "medium",
  is_recurring: true,
  reminder_time: null,
  preparation_time: null,
  meeting_id: "m1",
  recurrence_rule: "FREQ=WEEKLY;COUNT=6",
  // 16 March 09:00 New York (13:00 UTC) is cancelled.
  recurrence_exceptions: [{ occurrence: "2027-03-16T13:00:00.000Z", cancelled: true }],
  time_zone: "America/New_York",
  meeting_open: false,
  created_by: "nina@example.com",
  created_date: "2026-11-01T00:00:00.000Z",
  updated_date: "2026-11-01T00:00:00.000Z",
} satisfies CalendarEvent;

describe("eventOccurrences", () => {
  it("repeats a series at its hour in its own zone and shows it in the reader's", () => {
    const items = eventOccurrences(standup, new Date(2027, 2, 1), new Date(2027, 3, 30), { profile: "Europe/Berlin" });
    expect(items.filter((i) => i.kind === "event").map((i) => format(i.start, "MM-dd HH:mm"))).toEqual(["03-02 15:00", "03-09 15:00", "03-23 14:00", "03-30 15:00", "04-06 15:00"]);
    // An occurrence names its original start in the reader's wall time, as the actions expect.
    expect(items.find((i) => format(i.start, "MM-dd") === "03-23")?.occurrence).toBe(new Date(2027, 2, 23, 14, 0).toISOString());
  });

  it("shows the series at 09:00 to a reader in its own zone on both sides of the change", () => {
    const inNewYork = { ...standup, start_datetime: "2027-03-02 09:00:00", end_datetime: "2027-03-02 09:30:00" };
    const items = eventOccurrences(inNewYork, new Date(2027, 2, 1), new Date(2027, 3, 30), { profile: "America/New_York" });
    expect(new Set(items.map((i) => format(i.start, "HH:mm")))).toEqual(new Set(["09:00"]));
    expect(items).toHaveLength(5);
  });
});
