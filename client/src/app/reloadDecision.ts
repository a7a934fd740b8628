// When the web client reloads itself (docs/protocol.md, "Connect and authenticate"): after a deploy, at a
// quiet moment; when the server refuses its protocol version, at once. Never more than once a
// minute, so a server that keeps refusing, or nodes serving different builds while a deploy rolls
// through, cannot make a tab reload in a loop. Pure, so it is tested alone
// (reloadDecision.test.ts); ./deployReload.ts feeds it and acts on its answer.
import type { IncompatibilityReason } from "@shared/protocol";

/** At most one reload per tab in this long. */
export const RELOAD_MIN_INTERVAL_MS = 60_000;
/** How soon to look again while a call or unsent text holds a reload back. */
export const QUIET_RECHECK_MS = 5_000;
/** The sessionStorage key of the last reload's time (sessionStorage is per tab and survives a reload). */
export const RELOADED_AT_KEY = "teamspace:reloaded-at";

export interface ReloadInput {
  /** This client's build id; null for a build that never reloads for a deploy (the dev server). */
  ownBuild: string | null;
  /** The build the server announced in its last `session.ready`; null when it serves none. */
  serverBuild: string | null;
  /** Why the server refused this client's protocol version, if it did. */
  refused: IncompatibilityReason | null;
  /** A call is ringing, starting or under way. */
  callActive: boolean;
  /** A composer holds text not yet sent. */
  composing: boolean;
  /** When this tab last reloaded itself (epoch ms), if it did. */
  lastReloadAt: number | null;
  now: number;
}

export type ReloadDecision = { action: "stay" } | { action: "wait"; retryInMs: number } | { action: "reload" };

export function decideReload(i: ReloadInput): ReloadDecision {
  const deployed = i.ownBuild !== null && i.serverBuild !== null && i.ownBuild !== i.serverBuild;
  if (!i.refused && !deployed) return { action: "stay" };
  // A clock set back counts as long ago: better one more reload than none ever again.
  const since = i.lastReloadAt === null ? Infinity : i.now - i.lastReloadAt;
  if (since >= 0 && since < RELOAD_MIN_INTERVAL_MS) return { action: "wait", retryInMs: RELOAD_MIN_INTERVAL_MS - since };
  // Refused, the socket cannot connect: nothing live is left to protect.
  if (i.refused) return { action: "reload" };
  if (i.callActive || i.composing) return { action: "wait", retryInMs: QUIET_RECHECK_MS };
  return { action: "reload" };
}

type TabStorage = Pick<Storage, "getItem" | "setItem">;

/** When this tab last reloaded itself, or null (never, unreadable, or storage disabled). */
export function lastReloadAt(storage: TabStorage | null): number | null {
  try {
    const n = Number(storage?.getItem(RELOADED_AT_KEY) ?? NaN);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/**
 * Notes a reload about to happen; false when it cannot be noted (storage disabled or full), in
 * which case the caller must not reload: nothing would stop the next one.
 */
export function noteReload(storage: TabStorage | null, now: number): boolean {
  try {
    if (!storage) return false;
    storage.setItem(RELOADED_AT_KEY, String(now));
    return storage.getItem(RELOADED_AT_KEY) === String(now);
  } catch {
    return false;
  }
}
