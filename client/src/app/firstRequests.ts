// Cold load (README, "Cold load"): the entry's first act. It sends the GETs the first screen of
// Chat waits on (the session check, the channel list, the unread counts, the channel's newest
// messages) and asks for the Chat page's chunk, before the app's own JavaScript (React, the query
// cache, the stores: app/start.tsx) has even arrived. The app then asks for the same things
// (prefetch.ts, the page) through request(), which takes these answers (lib/http.ts,
// requestEarly). So this module and all it imports stay small: no React, no store, no zod.
import { requestEarly } from "../lib/http";
import { listQuery } from "../lib/entityApi";
import { isExpired, needsRefresh, readSession } from "../lib/tokenStorage";
import { CHANNEL_LIST_PARAMS, channelList, messagePageParams } from "../features/chat/listParams";
import { lastChannelId } from "../features/chat/lastChannel";
import { loadPage, type PageModule } from "./pageModules";
import { pageFromPath } from "./pages";

/** The channel Chat opens: the one in the URL, else the last one viewed (ChatPage, lastChannel.ts); the Threads view opens none. */
export function channelToOpen(userId: number | undefined): number | null {
  const params = new URLSearchParams(window.location.search);
  if (params.get("view") === "threads") return null;
  return Number(params.get("channel")) || (userId ? lastChannelId(userId) : null);
}

export function startFirstRequests(): void {
  const stored = readSession();
  // No session, or one that must be refreshed first: the requests would only be refused.
  if (!stored || isExpired(stored.expiresAt) || needsRefresh(stored.expiresAt)) return;
  requestEarly("/auth/me");
  if (pageFromPath(window.location.pathname) !== "Chat") return;
  requestEarly("/entities/channels", listQuery(CHANNEL_LIST_PARAMS));
  requestEarly("/chat/unread");
  const channelId = channelToOpen(stored.user?.id);
  if (channelId) requestEarly("/entities/messages", listQuery(messagePageParams(channelList(channelId))));
  // The Chat page's chunk, which App renders without suspending if it is in by then
  // (pageModules.ts). Asked for after the data: over HTTP/1.1 the browser opens six connections
  // to the server, and the requests asked for first are sent first.
  void loadPage("Chat", loadChatPage);
}

/** The Chat page's chunk, one import for the entry and App alike. */
export function loadChatPage(): Promise<PageModule> {
  return import("../features/chat/ChatPage");
}
