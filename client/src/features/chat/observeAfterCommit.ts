// The message list's virtualizer learns its scroll element's size and offset from the browser's
// own reports (a ResizeObserver's first entry, then scroll events) instead of reading them the
// moment it starts observing, which is while React commits the list (README, "Cold load"). A
// change of the visible range found then re-renders the list synchronously inside that commit,
// and React first runs every effect of the page still pending: on a cold load, the page's
// requests and the socket, all before the channel's first paint. Reported later, the same change
// renders in React's next task, after the first rows (which already hold the newest message) are
// on screen.
import { observeElementOffset, observeElementRect, type Virtualizer } from "@tanstack/react-virtual";

type Observe<A extends unknown[]> = (instance: Virtualizer<HTMLDivElement, Element>, cb: (...args: A) => void) => void | (() => void);

/** `observe` with what it reports while it is being set up dropped (later reports pass). */
export function reportsAfterSetup<A extends unknown[]>(observe: Observe<A>): Observe<A> {
  return (instance, cb) => {
    let settingUp = true;
    const stop = observe(instance, (...args) => {
      if (!settingUp) cb(...args);
    });
    settingUp = false;
    return stop;
  };
}

/**
 * The size: from the ResizeObserver's first entry, which comes after the browser's layout of
 * the frame. Without a ResizeObserver (nothing would report later) it is read at once, as usual.
 */
export const observeRectAfterCommit: Observe<Parameters<Parameters<typeof observeElementRect>[1]>> = (instance, cb) =>
  typeof ResizeObserver === "undefined" ? observeElementRect(instance, cb) : reportsAfterSetup(observeElementRect)(instance, cb);

/**
 * The offset: from the first scroll event. The list sets its scroll position to the bottom as it
 * mounts (MessageList), which fires one; until then the virtualizer keeps its initialOffset.
 */
export const observeOffsetAfterCommit: Observe<Parameters<Parameters<typeof observeElementOffset>[1]>> = reportsAfterSetup(observeElementOffset);
