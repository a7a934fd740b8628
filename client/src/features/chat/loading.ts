// Loading a channel's messages: the newest page (at startup already, app/prefetch.ts), older
// pages, and every loaded channel again. Nothing here needs the socket, so the entry can start
// these loads before the app's JavaScript has run (docs/benchmarks.md, "Cold load").
import { fetchLatestMessages, fetchOlderMessages } from "./api";
import { useChatStore } from "./store";

const inflight = new Map<number, Promise<void>>();
const prefetched = new Map<number, Promise<void>>();
const PREFETCH_JOIN_MS = 10_000;

/**
 * openChannel ahead of the page, at startup (app/prefetch.ts): the page's own openChannel that
 * follows joins this load, even when it has finished, instead of loading the same page again.
 */
export function prefetchChannel(channelId: number): Promise<void> {
  const task = openChannel(channelId);
  prefetched.set(channelId, task);
  // Only the page's first load joins it: a channel opened much later (a phone shows the channel
  // list first) is refreshed as usual.
  void task.finally(() => setTimeout(() => prefetched.delete(channelId), PREFETCH_JOIN_MS));
  return task;
}

/** Loads the newest page, or refreshes it (merging) when the channel was opened before. */
export function openChannel(channelId: number): Promise<void> {
  const early = prefetched.get(channelId);
  if (early) {
    prefetched.delete(channelId);
    return early;
  }
  const running = inflight.get(channelId);
  if (running) return running;
  const store = useChatStore.getState();
  store.startLoading(channelId);
  const task = fetchLatestMessages(channelId)
    .then((messages) => useChatStore.getState().setLatest(channelId, messages))
    .catch((err: unknown) => {
      console.error("Failed to load messages", err);
      useChatStore.getState().loadFailed(channelId);
    })
    .finally(() => inflight.delete(channelId));
  inflight.set(channelId, task);
  return task;
}

export async function loadOlder(channelId: number): Promise<void> {
  const entry = useChatStore.getState().byChannel[channelId];
  if (!entry || entry.loadingOlder || !entry.hasOlder || !entry.items.length) return;
  useChatStore.getState().setLoadingOlder(channelId, true);
  try {
    const older = await fetchOlderMessages(channelId, entry.items[0].id);
    useChatStore.getState().prependOlder(channelId, older);
  } catch (err) {
    console.error("Failed to load older messages", err);
    useChatStore.getState().setLoadingOlder(channelId, false);
  }
}

/** After the feed could not catch up (the client was away too long): every loaded channel afresh. */
export function reloadOpenChannels(): Promise<void[]> {
  const ids = Object.keys(useChatStore.getState().byChannel).map(Number);
  return Promise.all(
    ids.map((id) => {
      useChatStore.getState().removeChannel(id);
      return openChannel(id);
    }),
  );
}
