import { describe, expect, it } from "vitest";
import type { KeyboardEvent } from "react";
import { onListboxKey, type ListboxKeys } from "./listboxKeys";

const key = (k: string, shiftKey = false) => {
  const e = { key: k, shiftKey, prevented: false, stopped: false, preventDefault() { e.prevented = true; }, stopPropagation() { e.stopped = true; } };
  return e;
};

function list(over: Partial<ListboxKeys> = {}) {
  const seen = { active: -1, picked: -1, dismissed: false };
  const k: ListboxKeys = { count: 3, current: 0, setActive: (i) => (seen.active = i), pick: (i) => (seen.picked = i), dismiss: () => (seen.dismissed = true), ...over };
  return { k, seen };
}

const press = (e: ReturnType<typeof key>, k: ListboxKeys) => onListboxKey(e as unknown as KeyboardEvent<HTMLTextAreaElement>, k);

describe("onListboxKey", () => {
  it("moves round the list with the arrows", () => {
    const up = list();
    expect(press(key("ArrowUp"), up.k)).toBe(true);
    expect(up.seen.active).toBe(2);
    const down = list({ current: 2 });
    expect(press(key("ArrowDown"), down.k)).toBe(true);
    expect(down.seen.active).toBe(0);
  });

  it("picks the current option with Enter or Tab, but leaves Shift+Enter and a passing Enter to the composer", () => {
    for (const k of ["Enter", "Tab"]) {
      const l = list({ current: 1 });
      const e = key(k);
      expect(press(e, l.k)).toBe(true);
      expect(l.seen.picked).toBe(1);
      expect(e.prevented).toBe(true);
    }
    const shift = list();
    expect(press(key("Enter", true), shift.k)).toBe(false);
    const passes = list({ enterPasses: true });
    expect(press(key("Enter"), passes.k)).toBe(false);
    expect(passes.seen.picked).toBe(-1);
    expect(press(key("Tab"), passes.k)).toBe(true);
  });

  it("closes on Escape without the key reaching anything else, and ignores other keys", () => {
    const l = list();
    const esc = key("Escape");
    expect(press(esc, l.k)).toBe(true);
    expect(l.seen.dismissed).toBe(true);
    expect(esc.stopped).toBe(true);
    expect(press(key("a"), l.k)).toBe(false);
  });
});
