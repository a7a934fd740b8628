// Browser notifications: whether the user turned them on (incoming calls, reminders) and asking
// the browser for permission.
const KEY = "call_notifications_enabled";

export const NOTIFICATIONS_BLOCKED = "Notifications are blocked. Please enable them in your browser settings.";
export const NOTIFICATIONS_UNSUPPORTED = "This browser does not support notifications.";

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

export function notificationsEnabled(): boolean {
  return notificationsSupported() && Notification.permission === "granted" && localStorage.getItem(KEY) === "1";
}

/** Turns browser notifications on or off; on failure returns the documented message. */
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
