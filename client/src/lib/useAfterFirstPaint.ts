import { startTransition, useEffect, useState } from "react";

let painted = false;
let scheduled = false;
const waiting = new Set<() => void>();

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const done = () => {
    if (painted) return;
    painted = true;
    // A transition: React renders what was held back in slices, between the browser's frames.
    startTransition(() => waiting.forEach((wake) => wake()));
  };
  // requestAnimationFrame runs just before the frame that shows the first render; the timeout after
  // it, once that frame is painted. A tab in the background runs no frames: the second timeout.
  requestAnimationFrame(() => setTimeout(done, 0));
  setTimeout(done, 250);
}

/**
 * False until the page's first render has been painted, then true for good: for what a person
 * cannot see at first (a message's hover toolbar), so that the first paint of a channel does not
 * wait for it (docs/benchmarks.md, "Cold load").
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    const wake = () => setDone(true);
    waiting.add(wake);
    schedule();
    return () => {
      waiting.delete(wake);
    };
  }, [done]);
  return done;
}
