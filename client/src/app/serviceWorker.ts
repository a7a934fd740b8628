// The installable app's service worker (client/sw/sw.ts; docs/notifications.md, "The installable
// app"): registered once the page has loaded and settled, so the first screen never waits on it;
// before a reload for a deploy the new build's worker is asked to take over, so the reload gets
// the new shell; signing out forgets what was kept for reading offline.

import { create } from "zustand";
import { useCallsStore } from "../features/calls/store";
import { KEPT_ANSWER, OFFLINE_API_CACHE } from "@shared/offline";

export const SW_URL = "/sw.js";
/** After the page has settled: the worker's first install fetches the shell's files again, which a page just opened (and a call just started from it) needs for itself. */
const REGISTER_AFTER_MS = 15_000;

const supported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator;

const inCall = () => {
  const s = useCallsStore.getState();
  return s.incoming !== null || s.status === "connecting" || s.status === "connected";
};

export function registerServiceWorker(): void {
  // The dev server's modules change on every edit; a worker would serve stale ones.
  if (import.meta.env.DEV || !supported()) return;
  const register = () => {
    // Its first install downloads the shell's files: never while a call sets up or runs, whose
    // media and recording need the page's network and time (docs/notifications.md, "The installable app").
    // The meeting page is where a call is about to start.
    if (inCall() || window.location.pathname.startsWith("/Meet")) {
      const off = useCallsStore.subscribe(() => {
        if (inCall()) return;
        off();
        setTimeout(register, REGISTER_AFTER_MS);
      });
      // Left the meeting page without a call: look again later.
      if (!inCall()) setTimeout(() => (off(), register()), 30_000);
      return;
    }
    navigator.serviceWorker.register(SW_URL).catch((err: unknown) => console.warn("Service worker not registered", err));
  };
  const later = () => setTimeout(register, REGISTER_AFTER_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/** Fetches the worker again and waits (at most `timeoutMs`) for a new one to take control. */
export async function takeNewWorker(timeoutMs = 5_000): Promise<void> {
  if (!supported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener("controllerchange", done);
      resolve();
    }
    navigator.serviceWorker.addEventListener("controllerchange", done);
    reg
      .update()
      .then(() => {
        // The same build: nothing will change hands.
        if (!reg.installing && !reg.waiting) done();
      })
      .catch(done);
  });
}

/** Signing out: the answers kept for reading offline go with the session. */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys()) if (name.startsWith(OFFLINE_API_CACHE)) await caches.delete(name);
}

interface OfflineState {
  /** The service worker answered this page from what it kept: the network failed it. */
  keptAnswers: boolean;
}

/** What the offline bar reads (./shell/OfflineBar.tsx), besides the browser's own `navigator.onLine`. */
export const useOfflineState = create<OfflineState>()(() => ({ keptAnswers: false }));

/** Listens for the worker's word that it answered from what was kept (registered once, by bootstrap). */
export function listenForKeptAnswers(): void {
  if (!supported()) return;
  navigator.serviceWorker.addEventListener("message", (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === KEPT_ANSWER) useOfflineState.setState({ keptAnswers: true });
  });
}
