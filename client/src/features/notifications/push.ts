// This browser's Web Push subscription (docs/notifications.md): the service worker
// (client/sw/sw.ts) shows pushes; PushManager.subscribe uses the server's VAPID key; the
// server keeps the subscription for the signed-in session and forgets it on logout, so a browser
// that is still subscribed tells the server again after signing in (resyncPush). A subscription
// stays with the account that made it: the server answers 409 to another account posting it (a
// browser shared by two people), and this browser then takes a fresh one for the account now
// signed in.
import { ApiError, request } from "../../lib/http";
import { SW_URL } from "../../app/serviceWorker";

export const pushSupported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SW_URL);
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

const send = (sub: PushSubscription) => request("/push/subscriptions", { method: "POST", body: sub.toJSON() });

const subscribeAnew = async (reg: ServiceWorkerRegistration) => {
  const { publicKey } = await request<{ publicKey: string }>("/push/key");
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
};

/** Hands the subscription to the server, replacing one that another account holds (409) with a fresh one. */
async function sendOrRenew(reg: ServiceWorkerRegistration, sub: PushSubscription): Promise<void> {
  try {
    await send(sub);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    await sub.unsubscribe();
    await send(await subscribeAnew(reg));
  }
}

/** Asks for permission, subscribes with the server's key and hands the subscription to the server. */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new Error("This browser cannot show notifications from the workspace.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("Notifications are blocked for this site in the browser's settings.");
  const reg = await registration();
  const sub = (await reg.pushManager.getSubscription()) ?? (await subscribeAnew(reg));
  await sendOrRenew(reg, sub);
}

export async function disablePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await request("/push/subscriptions", { method: "DELETE", body: { endpoint: sub.endpoint } }).catch(() => undefined);
  await sub.unsubscribe();
}

/** After signing in: a browser still subscribed is tied to the new session. */
export async function resyncPush(): Promise<void> {
  const sub = await currentSubscription().catch(() => null);
  if (!sub || Notification.permission !== "granted") return;
  const reg = await navigator.serviceWorker.getRegistration();
  if (reg) await sendOrRenew(reg, sub).catch(() => undefined);
}
