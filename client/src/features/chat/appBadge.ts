// The installed app's badge (docs/notifications.md, "The installable app"): the number of unread
// messages that mention this person or everyone, across channels, through the Badging API where
// the browser has it; cleared at zero.
import { useUnreadStore } from "./unreadStore";

interface Badging {
  setAppBadge?: (n?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export const mentionTotal = (mentions: Record<number, number>): number => Object.values(mentions).reduce((a, n) => a + Math.max(0, n), 0);

/** Keeps the badge at the unread mentions' count; answers the unsubscribe. */
export function registerAppBadge(badging: Badging = navigator as Badging): () => void {
  if (!badging.setAppBadge || !badging.clearAppBadge) return () => {};
  let shown = -1;
  const show = (n: number) => {
    if (n === shown) return;
    shown = n;
    const done = n > 0 ? badging.setAppBadge!(n) : badging.clearAppBadge!();
    done.catch(() => {}); // not installed, or not allowed: nothing to show it on
  };
  show(mentionTotal(useUnreadStore.getState().mentions));
  return useUnreadStore.subscribe((s) => show(mentionTotal(s.mentions)));
}
