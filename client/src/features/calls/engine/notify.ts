import { LIMITS } from "@shared/constants";
import type { IncomingInvite } from "../store";

const KEY = "call_notifications_enabled";

export const NOTIFICATIONS_BLOCKED = "Notifications are blocked. Please enable them in your browser settings.";
export const NOTIFICATIONS_UNSUPPORTED = "This browser does not support notifications.";

// Only the newest incoming-call notices are kept (spec section 4); older ones are closed.
const notices: { callId: string; notification: Notification }[] = [];

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

export function notificationsEnabled(): boolean {
  return notificationsSupported() && Notification.permission === "granted" && localStorage.getItem(KEY) === "1";
}

/** Turns incoming-call notifications on or off; on failure returns the spec's message. */
export async function setNotificationsEnabled(on: boolean): Promise<string | null> {
  if (!on) {
    localStorage.setItem(KEY, "0");
    return null;
  }
  if (!notificationsSupported()) return NOTIFICATIONS_UNSUPPORTED;
  if (Notification.permission === "denied") return NOTIFICATIONS_BLOCKED;
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return NOTIFICATIONS_BLOCKED;
  localStorage.setItem(KEY, "1");
  return null;
}

export function notifyIncomingCall(invite: IncomingInvite): void {
  if (!notificationsEnabled()) return;
  try {
    const notification = new Notification(`Incoming ${invite.callType} call`, {
      body: `${invite.fromName} is calling you`,
      tag: `call-${invite.callId}`,
      requireInteraction: true,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    notices.unshift({ callId: invite.callId, notification });
    for (const old of notices.splice(LIMITS.incomingNoticesKept)) old.notification.close();
    setTimeout(() => notification.close(), LIMITS.browserNotificationMs);
  } catch {
    // Some browsers only allow notifications from a service worker; the in-app dialog still rings.
  }
}

/** The call was answered, rejected or cancelled: its notice is no longer news. */
export function closeCallNotice(callId: string): void {
  for (let i = notices.length - 1; i >= 0; i--) {
    if (notices[i].callId === callId) {
      notices[i].notification.close();
      notices.splice(i, 1);
    }
  }
}
