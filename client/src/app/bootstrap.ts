import { registerCallsSocket } from "../features/calls/socket";
import { registerCalendarSocket } from "../features/calendar/socket";
import { registerChatSocket } from "../features/chat/socket";
import { registerApprovalsSocket } from "../features/approvals/socket";
import { registerPresenceSocket } from "../features/presence/socket";
import { registerEntitySync } from "./entitySync";
import { registerFeed } from "../realtime/feed";
import { registerDeployReload } from "./deployReload";
import { listenForKeptAnswers, registerServiceWorker } from "./serviceWorker";
import { registerAppBadge } from "../features/chat/appBadge";

let started = false;

/**
 * Runs once before the first render: every feature's socket handlers are registered before the
 * shell calls connectRealtime(), so no event of a fresh socket goes unheard. (The theme is applied
 * earlier still, by the entry: main.tsx.)
 */
export function bootstrap(): void {
  if (started) return;
  started = true;
  registerFeed();
  registerDeployReload();
  registerPresenceSocket();
  registerChatSocket();
  registerEntitySync();
  registerCallsSocket();
  registerApprovalsSocket();
  registerCalendarSocket();
  registerAppBadge();
  listenForKeptAnswers();
  // Not registered at start for now: an install running beside a recorded call stalled its
  // capture (docs/notifications.md, "The installable app"); the worker comes with notifications.
  void registerServiceWorker;
}
