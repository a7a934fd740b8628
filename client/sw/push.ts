// Web Push in the service worker (docs/notifications.md): shows what the server pushed
// ({title, body, url, tag, kind}), and on a click brings a tab of the workspace to the pushed page
// (a channel, a thread, a ringing call), or opens one there. An incoming call (kind `call_ring`)
// stays until acted on; its withdrawal (kind `call_withdraw`, same tag) closes it when the call
// was answered on another device or declined.

export interface PushData {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  kind?: string;
  call_id?: string;
}

/** Shows one push, or for a withdrawal closes the ringing notification it names. */
export async function showPush(sw: ServiceWorkerGlobalScope, data: PushData): Promise<void> {
  if (data.kind === "call_withdraw") {
    // Only a ringing notice is closed: a "Missed call" notice under the same tag stays.
    const open = await sw.registration.getNotifications({ tag: data.tag });
    for (const n of open) if ((n.data as { kind?: string } | null)?.kind === "call_ring") n.close();
    return;
  }
  const ringing = data.kind === "call_ring";
  await sw.registration.showNotification(data.title || "Teamspace", {
    body: data.body || "",
    tag: data.tag || undefined,
    icon: "/icons/icon-192.png",
    badge: "/icons/maskable-192.png",
    // A call rings until it is answered, declined or withdrawn; a new ring for a tag alerts again.
    requireInteraction: ringing,
    ...({ renotify: ringing && !!data.tag, vibrate: ringing ? [300, 200, 300, 200, 300] : undefined } as NotificationOptions),
    data: { url: data.url || "/", kind: data.kind || "", call_id: data.call_id },
  });
}

/** Asks a tab to go to `url` inside the app (no reload: a call in it goes on); true once it says it did. */
function askTabToOpen(tab: WindowClient, url: string): Promise<boolean> {
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
 * is navigated), or a new window opens there.
 */
export async function openFromNotification(sw: ServiceWorkerGlobalScope, notification: Notification): Promise<WindowClient | null> {
  notification.close();
  const url = new URL((notification.data as { url?: string } | null)?.url || "/", sw.location.origin).href;
  const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === sw.location.origin);
  if (!tab) return sw.clients.openWindow(url);
  // Focusing needs the click's user activation; without it (a test) the tab is still taken there.
  await tab.focus().catch(() => undefined);
  if (await askTabToOpen(tab, url)) return tab;
  return tab.navigate(url).catch(() => tab);
}
