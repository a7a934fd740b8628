import { describe, it, expect } from "vitest";
import { QUIET_RECHECK_MS, RELOAD_MIN_INTERVAL_MS, RELOADED_AT_KEY, decideReload, lastReloadAt, noteReload, type ReloadInput } from "./reloadDecision";

const NOW = 1_800_000_000_000;
const quiet: ReloadInput = { ownBuild: "0.1.0+aaaa", serverBuild: "0.1.0+aaaa", refused: null, callActive: false, composing: false, lastReloadAt: null, now: NOW };

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: (i) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

describe("decideReload", () => {
  it("stays while the server serves this build, or announces none, or this is a dev build", () => {
    expect(decideReload(quiet)).toEqual({ action: "stay" });
    expect(decideReload({ ...quiet, serverBuild: null })).toEqual({ action: "stay" });
    expect(decideReload({ ...quiet, ownBuild: null, serverBuild: "0.1.0+bbbb" })).toEqual({ action: "stay" });
  });

  it("reloads after a deploy when nothing would be lost", () => {
    expect(decideReload({ ...quiet, serverBuild: "0.1.0+bbbb" })).toEqual({ action: "reload" });
  });

  it("waits after a deploy while a call is active or a composer holds unsent text, and looks again soon", () => {
    const deployed = { ...quiet, serverBuild: "0.1.0+bbbb" };
    expect(decideReload({ ...deployed, callActive: true })).toEqual({ action: "wait", retryInMs: QUIET_RECHECK_MS });
    expect(decideReload({ ...deployed, composing: true })).toEqual({ action: "wait", retryInMs: QUIET_RECHECK_MS });
    // The call ended and the message was sent: now.
    expect(decideReload({ ...deployed, callActive: false, composing: false })).toEqual({ action: "reload" });
  });

  it("reloads at once when the server refuses the protocol version, even in a call or with unsent text", () => {
    for (const refused of ["clientTooOld", "serverTooOld", "invalidProtocol"] as const) {
      expect(decideReload({ ...quiet, refused, callActive: true, composing: true })).toEqual({ action: "reload" });
    }
  });

  it("reloads at most once a minute, then when the minute is over", () => {
    const last = NOW - 20_000;
    expect(decideReload({ ...quiet, refused: "clientTooOld", lastReloadAt: last })).toEqual({ action: "wait", retryInMs: RELOAD_MIN_INTERVAL_MS - 20_000 });
    expect(decideReload({ ...quiet, serverBuild: "0.1.0+bbbb", lastReloadAt: last })).toEqual({ action: "wait", retryInMs: RELOAD_MIN_INTERVAL_MS - 20_000 });
    expect(decideReload({ ...quiet, refused: "clientTooOld", lastReloadAt: NOW - RELOAD_MIN_INTERVAL_MS })).toEqual({ action: "reload" });
    // A clock set back does not hold reloads off for good.
    expect(decideReload({ ...quiet, refused: "clientTooOld", lastReloadAt: NOW + 3_600_000 })).toEqual({ action: "reload" });
  });
});

describe("the reload guard in sessionStorage", () => {
  it("remembers the last reload of this tab", () => {
    const s = memoryStorage();
    expect(lastReloadAt(s)).toBeNull();
    expect(noteReload(s, NOW)).toBe(true);
    expect(lastReloadAt(s)).toBe(NOW);
    s.setItem(RELOADED_AT_KEY, "garbage");
    expect(lastReloadAt(s)).toBeNull();
  });

  it("refuses to reload when the tab cannot remember it (nothing would stop a loop)", () => {
    expect(noteReload(null, NOW)).toBe(false);
    const refusing = (what: string) => () => {
      throw new Error(what);
    };
    expect(noteReload({ getItem: () => null, setItem: refusing("QuotaExceededError") }, NOW)).toBe(false);
    expect(lastReloadAt({ getItem: refusing("SecurityError"), setItem: () => {} })).toBeNull();
  });
});
