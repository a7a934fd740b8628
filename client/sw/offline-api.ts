// Reading offline (docs/notifications.md, "The installable app"): the API's answers the app read
// (GET, same origin) are kept, and while the network is down (or silent for a few seconds) the
// last kept answer is given instead, so the shell opens on the last channels read. Each answer is
// kept under its reader: a browser shared by two people never shows one the other's messages.
import type { WorkboxPlugin } from "workbox-core";

declare const self: ServiceWorkerGlobalScope;
import { ExpirationPlugin } from "workbox-expiration";
import { NetworkFirst } from "workbox-strategies";
import { KEPT_ANSWER, OFFLINE_API_CACHE } from "@shared/offline";


/** Answers not worth keeping: downloads, searches, the live feed's catch-up. */
const NOT_KEPT = [/^\/api\/files\//, /^\/api\/search/, /^\/api\/changes/, /^\/api\/health/, /^\/api\/auth\/oidc/];

/** Whose request it is: the signed-in person's id from the bearer token (never checked here; the server does). */
function readerOf(request: Request): string | null {
  const auth = request.headers.get("Authorization") ?? "";
  const payload = /^Bearer [\w-]+\.([\w-]+)\.[\w-]+$/.exec(auth)?.[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { sub?: unknown };
    return typeof json.sub === "string" && /^\d+$/.test(json.sub) ? json.sub : null;
  } catch {
    return null;
  }
}

const perReader: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.set("__reader", readerOf(request) ?? "none");
    return url.href;
  },
};

/** The page is told when it was answered from what was kept: it says it is offline (OfflineBar). */
const tellThePage: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    const clientId = (event as FetchEvent | undefined)?.clientId;
    if (cachedResponse && clientId) void self.clients.get(clientId).then((c) => c?.postMessage({ type: KEPT_ANSWER }));
    return cachedResponse;
  },
};

export function keptForOffline({ url, request }: { url: URL; request: Request }): boolean {
  return request.method === "GET" && url.origin === self.location.origin && url.pathname.startsWith("/api/") && !NOT_KEPT.some((r) => r.test(url.pathname)) && readerOf(request) !== null;
}

export const offlineApi = new NetworkFirst({
  cacheName: OFFLINE_API_CACHE,
  networkTimeoutSeconds: 4,
  plugins: [perReader, tellThePage, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true })],
});
