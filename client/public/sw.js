// The service worker for Web Push (README, "Notifications"): shows what the server pushed
// ({title, body, url, tag, kind}) while no tab of the workspace needs to be open, and on a click
// focuses a tab of the workspace on the pushed page, or opens one there.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: "Teamspace", body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Teamspace";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag || undefined,
      icon: "/favicon.svg",
      data: { url: data.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        if ("navigate" in tab) return tab.navigate(url).catch(() => tab.postMessage({ type: "open", url }));
        return undefined;
      }
      return self.clients.openWindow(url);
    })(),
  );
});
