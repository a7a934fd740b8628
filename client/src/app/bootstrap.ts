import { registerCallsSocket } from "../features/calls/socket";
import { registerCalendarSocket } from "../features/calendar/socket";
import { registerChatSocket } from "../features/chat/socket";
import { registerApprovalsSocket } from "../features/approvals/socket";
import { registerPresenceSocket } from "../features/presence/socket";
import { registerEntitySync } from "./entitySync";
import { registerFeed } from "../realtime/feed";
import { initTheme } from "./theme";

let started = false;

/**
 * Runs once before the first render: the theme is applied so the page never flashes the wrong
 * one, and every feature's socket handlers are registered before the shell calls
 * connectRealtime(), so no event of a fresh socket goes unheard.
 */
export function bootstrap(): void {
  if (started) return;
  started = true;
  initTheme();
  registerFeed();
  registerPresenceSocket();
  registerChatSocket();
  registerEntitySync();
  registerCallsSocket();
  registerApprovalsSocket();
  registerCalendarSocket();
}
