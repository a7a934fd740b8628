// The keys of a composer's suggestion list (the @ list, the / list; docs/messages.md, "Writing"):
// arrows move round the list, Enter or Tab picks, Escape closes. One place, so the lists keep the
// same keyboard.
import type { KeyboardEvent, RefObject } from "react";

export interface ListboxKeys {
  count: number;
  current: number;
  setActive: (i: number) => void;
  pick: (i: number) => void;
  dismiss: () => void;
  /** Enter is left to the composer (say, to run a command typed in full). */
  enterPasses?: boolean;
}

/** Handles a key while the list is open; answers true when the composer must not act on it too. */
export function onListboxKey(e: KeyboardEvent<HTMLTextAreaElement>, k: ListboxKeys): boolean {
  if (e.key === "ArrowDown" || e.key === "ArrowUp") {
    e.preventDefault();
    k.setActive((k.current + (e.key === "ArrowDown" ? 1 : k.count - 1)) % k.count);
    return true;
  }
  if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab") {
    if (e.key === "Enter" && k.enterPasses) return false;
    e.preventDefault();
    k.pick(k.current);
    return true;
  }
  if (e.key === "Escape") {
    e.preventDefault();
    e.stopPropagation();
    k.dismiss();
    return true;
  }
  return false;
}

/** Puts the caret at `at` once the new text has rendered. */
export function caretAfterRender(textareaRef: RefObject<HTMLTextAreaElement | null>, at: number): void {
  requestAnimationFrame(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(at, at);
  });
}
