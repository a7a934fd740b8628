// Pacing of pushes (docs/notifications.md): an @channel in a big channel queues a push per
// member, and sent as fast as the push service answers they would take the cores from chat in a
// burst. A node hands at most `rate` pushes a second to push services, evenly spaced, so a
// thousand go out over a few seconds (well within the ten the product promises) while messages
// keep their latency. Urgent pushes (a ringing call, its withdrawal) are not paced.

export interface Pacer {
  /** Books the next departure: how many ms from now it is. */
  reserve(): number;
  /** Resolves when the next push may leave. */
  take(): Promise<void>;
}

/**
 * Spaces calls to `take` `1000 / rate` ms apart, with up to `burst` at once after a quiet spell
 * (a single DM leaves at once). A rate of 0 means no pacing.
 */
export function createPacer(rate: number, burst = 10, now: () => number = () => performance.now()): Pacer {
  if (!(rate > 0)) return { reserve: () => 0, take: () => Promise.resolve() };
  const gap = 1000 / rate;
  // The generic cell rate algorithm: `tat` is when the bucket would be full again; a push may
  // leave once that is at most `burst - 1` gaps away.
  let tat = -Infinity;
  const reserve = () => {
    const t = now();
    tat = Math.max(tat, t);
    const at = Math.max(t, tat - (burst - 1) * gap);
    tat += gap;
    return at - t;
  };
  return {
    reserve,
    take() {
      const wait = reserve();
      return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
    },
  };
}
