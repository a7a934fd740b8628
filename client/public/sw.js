// The service worker for Web Push (docs/notifications.md): shows what the server pushed
// ({title, body, url, tag, kind}) while no tab of the workspace needs to be open, and on a click
// brings a tab of the workspace to the pushed page (a channel, a thread, a ringing call), or opens
// one there. An incoming call (kind `call_ring`) stays until acted on; its withdrawal (kind
// `call_withdraw`, same tag) closes it when the call was answered on another device or declined.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Shows one push, or for a withdrawal closes the ringing notification it names. */
async function showPush(data) {
  if (data.kind === "call_withdraw") {
    // Only a ringing notice is closed: a "Missed call" notice under the same tag stays.
    const open = await self.registration.getNotifications({ tag: data.tag });
    for (const n of open) if (n.data && n.data.kind === "call_ring") n.close();
    return;
  }
  const ringing = data.kind === "call_ring";
  await self.registration.showNotification(data.title || "Teamspace", {
    body: data.body || "",
    tag: data.tag || undefined,
    icon: "/favicon.svg",
    // A call rings until it is answered, declined or withdrawn; a new ring for a tag alerts again.
    requireInteraction: ringing,
    renotify: ringing && !!data.tag,
    vibrate: ringing ? [300, 200, 300, 200, 300] : undefined,
    data: { url: data.url || "/", kind: data.kind || "", call_id: data.call_id },
  });
}

self.addEventListener("push", (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: "Teamspace", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(showPush(data));
});

/** Asks a tab to go to `url` inside the app (no reload: a call in it goes on); true once it says it did. */
function askTabToOpen(tab, url) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 1500);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    tab.postMessage({ type: "open", url }, [channel.port2]);
  });
}

/**
 * What a click on a notification does: a tab of the workspace is focused and shown the page
 * (the signed-in app routes there itself; a tab that does not answer, such as the sign-in page,
 * is navigated), or a new window opens there. Named so it can be driven without an OS click.
 */
async function openFromNotification(notification) {
  notification.close();
  const url = new URL((notification.data && notification.data.url) || "/", self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
  if (!tab) return self.clients.openWindow(url);
  // Focusing needs the click's user activation; without it (a test) the tab is still taken there.
  await tab.focus().catch(() => undefined);
  if (await askTabToOpen(tab, url)) return tab;
  if ("navigate" in tab) return tab.navigate(url).catch(() => tab);
  return tab;
}
self.openFromNotification = openFromNotification;

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(openFromNotification(event.notification));
});
