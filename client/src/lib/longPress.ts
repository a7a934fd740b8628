// A long press on a touch screen (docs/messages.md, "On a phone"): a finger held still for
// LONG_PRESS_MS opens what a mouse reaches by hovering. A finger that moves (scrolling the list)
// or lifts early is no press; a mouse or pen never makes one (they have hover and right-click).
import { useEffect, useMemo, useRef } from "react";

export const LONG_PRESS_MS = 450;
/** How far (px) a finger may drift and still be holding still. */
export const LONG_PRESS_SLOP = 10;

interface PointerLike {
  pointerType: string;
  pointerId: number;
  clientX: number;
  clientY: number;
}

/** The press's state, apart from React so it can be tested with plain events and fake timers. */
export class LongPressTracker {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private start: { id: number; x: number; y: number } | null = null;
  /** A press fired during this touch: the context menu that follows it is not the browser's. */
  fired = false;

  constructor(private readonly onPress: () => void) {}

  down(e: PointerLike): void {
    this.cancel();
    this.fired = false;
    if (e.pointerType !== "touch") return;
    this.start = { id: e.pointerId, x: e.clientX, y: e.clientY };
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start = null;
      this.fired = true;
      this.onPress();
    }, LONG_PRESS_MS);
  }

  move(e: PointerLike): void {
    const s = this.start;
    if (!s || e.pointerId !== s.id) return;
    if (Math.hypot(e.clientX - s.x, e.clientY - s.y) > LONG_PRESS_SLOP) this.cancel();
  }

  /** The finger lifted, or the browser took the gesture over (a scroll). */
  up(): void {
    this.cancel();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.start = null;
  }
}

/** How long after a press the click of the lifting finger may come (a real phone sends none). */
const TRAILING_CLICK_MS = 1000;

/**
 * Swallows the click that the lifting finger may send after a long press, wherever it lands: by
 * then what the press opened covers the page, and that click would close it again at once.
 */
function swallowNextClick(): void {
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
  };
  window.addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), TRAILING_CLICK_MS);
}

/** Pointer handlers for an element that opens something on a long press. */
export function useLongPress(onPress: () => void) {
  const latest = useRef(onPress);
  useEffect(() => {
    latest.current = onPress;
  });
  const tracker = useMemo(
    () =>
      new LongPressTracker(() => {
        swallowNextClick();
        latest.current();
      }),
    [],
  );
  useEffect(() => () => tracker.cancel(), [tracker]);
  return useMemo(
    () => ({
      onPointerDown: (e: PointerLike) => tracker.down(e),
      onPointerMove: (e: PointerLike) => tracker.move(e),
      onPointerUp: () => tracker.up(),
      onPointerCancel: () => tracker.up(),
      // The browser's own long-press menu would follow ours.
      onContextMenu: (e: { preventDefault(): void; nativeEvent: Event }) => {
        if (tracker.fired || (e.nativeEvent as PointerEvent).pointerType === "touch") e.preventDefault();
      },
    }),
    [tracker],
  );
}
