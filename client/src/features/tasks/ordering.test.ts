import { describe, expect, it } from "vitest";
import type { Task } from "@shared/entities";
import { groupByStatus, positionAt, spreadIfTied } from "./ordering";

const task = (id: number, status: Task["status"], position: number): Task =>
  ({ id, status, position, created_date: `2026-01-0${id}T00:00:00Z` }) as Task;

describe("task ordering", () => {
  it("groups in the documented status order and sorts by position", () => {
    const g = groupByStatus([task(1, "done", 0), task(2, "todo", 5), task(3, "todo", 1), task(4, "in_progress", 0)]);
    expect(Object.keys(g)).toEqual(["in_progress", "todo", "done"]);
    expect(g.todo.map((t) => t.id)).toEqual([3, 2]);
  });

  it("drops between two tasks at their midpoint, and before/after the ends", () => {
    const col = [task(1, "todo", 10), task(2, "todo", 20)];
    expect(positionAt(col, 1)).toBe(15);
    expect(positionAt(col, 0)).toBe(9);
    expect(positionAt(col, 2)).toBe(21);
    expect(positionAt([], 0)).toBe(0);
  });

  it("spreads a column whose positions tie", () => {
    expect(spreadIfTied([task(1, "todo", 0), task(2, "todo", 0)])).toEqual([
      { id: 1, position: 1024 },
      { id: 2, position: 2048 },
    ]);
    expect(spreadIfTied([task(1, "todo", 1), task(2, "todo", 2)])).toEqual([]);
  });
});
