// The Dashboard windows at their boundaries: day 30 in and 31 out for tasks and events,
// day 15 in and 16 out for the rest; never more than 5 items.
import { describe, it, expect } from "vitest";
import { addDays, addMinutes, format } from "date-fns";
import type { ApprovalRequest, CalendarEvent, Channel, Note, SharedFile, Task } from "@shared/entities";
import { approvalItems, dueTasks, recentChannels, recentFiles, recentNotes, upcomingEvents } from "./windows";

const now = new Date(2026, 5, 10, 12, 0, 0);
const ME = "me@example.test";
const iso = (d: Date) => d.toISOString();
const day = (n: number) => format(addDays(now, n), "yyyy-MM-dd");

const task = (id: number, due: string | null, over: Partial<Task> = {}): Task =>
  ({ id, title: `t${id}`, status: "todo", due_date: due, assignee_email: ME, assignee_emails: [ME], ...over }) as Task;
const event = (id: number, start: Date, minutes = 60): CalendarEvent =>
  ({ id, title: `e${id}`, start_datetime: iso(start), end_datetime: iso(addMinutes(start, minutes)) }) as CalendarEvent;

describe("dashboard windows", () => {
  it("tasks: due on day 30 is in, day 31 is out; done and others' tasks are out", () => {
    const rows = [task(1, day(30)), task(2, day(31)), task(3, day(0)), task(4, day(-2)), task(5, day(1), { status: "done" }), task(6, day(1), { assignee_email: "x@y.z", assignee_emails: ["x@y.z"] }), task(7, null)];
    expect(dueTasks(rows, ME, now).map((t) => t.id)).toEqual([4, 3, 1]);
  });

  it("events: starting 30 days from now is in, 31 days is out; ended ones are out", () => {
    const rows = [event(1, addDays(now, 30)), event(2, addDays(now, 31)), event(3, addMinutes(addDays(now, 30), 1)), event(4, addDays(now, -1)), event(5, addMinutes(now, -30))];
    expect(upcomingEvents(rows, now).map((e) => e.id)).toEqual([5, 1]);
  });

  it("channels, notes and files: 15 days ago is in, 16 days ago is out", () => {
    const at = (n: number) => iso(addDays(now, -n));
    const channels = [{ id: 1, type: "public", last_activity: at(15) }, { id: 2, type: "public", last_activity: at(16) }, { id: 3, type: "dm", last_activity: at(0) }] as Channel[];
    expect(recentChannels(channels, now).map((c) => c.id)).toEqual([1]);
    const notes = [{ id: 1, updated_date: at(15) }, { id: 2, updated_date: at(16) }, { id: 3, updated_date: at(1) }] as Note[];
    expect(recentNotes(notes, now).map((n) => n.id)).toEqual([3, 1]);
    const files = [{ id: 1, created_date: at(16) }, { id: 2, created_date: at(15) }] as SharedFile[];
    expect(recentFiles(files, now).map((f) => f.id)).toEqual([2]);
  });

  it("approvals: pending whatever their age, decisions from the last 15 days", () => {
    const rows = [
      { id: 1, status: "pending", created_date: iso(addDays(now, -40)), decision_date: null },
      { id: 2, status: "approved", created_date: iso(addDays(now, -20)), decision_date: iso(addDays(now, -15)) },
      { id: 3, status: "rejected", created_date: iso(addDays(now, -20)), decision_date: iso(addDays(now, -16)) },
    ] as ApprovalRequest[];
    expect(approvalItems(rows, now).map((r) => r.id)).toEqual([1, 2]);
  });

  it("keeps at most 5 items per card", () => {
    const many = Array.from({ length: 9 }, (_, i) => task(i + 1, day(i)));
    expect(dueTasks(many, ME, now)).toHaveLength(5);
    expect(upcomingEvents(Array.from({ length: 9 }, (_, i) => event(i, addDays(now, i + 1))), now)).toHaveLength(5);
  });
});
