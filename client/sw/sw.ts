// The one service worker of the web client (docs/notifications.md, "The installable app"): it makes
// the app installable and open offline (the built shell and every script precached, navigations
// answered with the shell), and shows Web Push notifications while no tab of the workspace needs
// to be open. The build writes the list of files to precache into it (vite-plugin-pwa).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { ExpirationPlugin } from "workbox-expiration";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { openFromNotification, showPush, type PushData } from "./push";
import { keptForOffline, offlineApi } from "./offline-api";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// A new build takes over at once: its shell and scripts are the ones the server now speaks to
// (the web client reloads itself after a deploy, docs/protocol.md).
self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Built files not precached are kept once fetched: their names change with their content.
registerRoute(({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/") && request.method === "GET", new CacheFirst({ cacheName: "assets", plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })] }));
registerRoute(keptForOffline, offlineApi);
// Any page of the app is the shell, which routes itself; the server's own paths are never the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/phpapi\//, /^\/socket\.io\//, /^\/hooks\//] }));

self.addEventListener("push", (event) => {
  let data: PushData;
  try {
    data = event.data ? (event.data.json() as PushData) : {};
  } catch {
    data = { title: "Teamspace", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(showPush(self, data));
});

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(openFromNotification(self, event.notification));
});
// Named so that tests can drive a click without the operating system's.
Object.assign(self, { openFromNotification: (n: Notification) => openFromNotification(self, n) });
