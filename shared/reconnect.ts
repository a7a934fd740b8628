// Reconnect timing shared by the web client and the load tester (bench/lib/driver.ts), so the
// bench measures what real clients do. After a server restart thousands of clients come back at
// once: waits start short (a restart takes seconds) and stay jittered, so the clients spread over
// the first second or two after the server answers instead of arriving in one wave.
import type { Manager } from "socket.io-client";

/** First wait 250 ms (+-50%), doubling up to 2 s. */
export const RECONNECT_OPTIONS = {
  reconnectionDelay: 250,
  reconnectionDelayMax: 2000,
  randomizationFactor: 0.5,
} as const;

/**
 * Socket.IO's backoff loses its jitter once it reaches the ceiling (every client then waits
 * exactly the maximum, so clients that dropped together stay in step). Drawing the ceiling anew
 * before each attempt keeps later waits spread over [max/2, max].
 */
export function jitterReconnects(manager: Manager, max: number = RECONNECT_OPTIONS.reconnectionDelayMax): void {
  manager.on("reconnect_attempt", () => {
    manager.reconnectionDelayMax(max / 2 + Math.random() * (max / 2));
  });
}
