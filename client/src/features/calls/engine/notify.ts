import { LIMITS } from "@shared/constants";
import type { IncomingInvite } from "../store";
import { notificationsEnabled } from "../../../lib/browserNotifications";

// Only the newest incoming-call notices are kept; older ones are closed.
const notices: { callId: string; notification: Notification }[] = [];

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
