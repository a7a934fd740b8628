// Cold load of a channel (docs/benchmarks.md, "Cold load"): everything the first screen of
// Chat waits on is asked for at once from the entry module, before React renders, instead of one
// after another (/auth/me, then the lazy Chat chunk, then the channel list, then the messages).
// The answers land where the page looks for them: the session store, the query cache, the chat
// and unread stores; the page's own loads then find them there or join the request in flight.
import { useSessionStore } from "../features/auth/store";
import { channelKeys, fetchChannels } from "../features/chat/api";
import { prefetchChannel } from "../features/chat/loading";
import { lastChannelId } from "../features/chat/lastChannel";
import { refreshUnread } from "../features/chat/unreadCounts";
import { isExpired, needsRefresh, readSession } from "../lib/tokenStorage";
import { loadPage, type PageModule } from "./pageModules";
import { pageFromPath } from "./pages";
import { queryClient } from "./queryClient";

export function prefetch(): void {
  // Checking the session (GET /auth/me) starts now rather than in App's first effect.
  void useSessionStore.getState().init();
  const stored = readSession();
  // No session, or one that must be refreshed first: the requests would only be refused.
  if (!stored || isExpired(stored.expiresAt) || needsRefresh(stored.expiresAt)) return;
  if (pageFromPath(window.location.pathname) !== "Chat") return;
  void queryClient.prefetchQuery({ queryKey: channelKeys.all, queryFn: fetchChannels });
  void refreshUnread();
  // The channel the page will open: the one in the URL, else the last one viewed (ChatPage,
  // lastChannel.ts). The Threads view opens none.
  const params = new URLSearchParams(window.location.search);
  const channelId = params.get("view") === "threads" ? null : Number(params.get("channel")) || (stored.user ? lastChannelId(stored.user.id) : null);
  if (channelId) void prefetchChannel(channelId);
  // The Chat page's chunk, which App renders without suspending if it is in by then
  // (pageModules.ts). Asked for after the data: over HTTP/1.1 the browser opens six connections
  // to the server, and the requests asked for first are sent first.
  void loadPage("Chat", loadChatPage);
}

/** The Chat page's chunk, one import for the entry and App alike. */
export function loadChatPage(): Promise<PageModule> {
  return import("../features/chat/ChatPage");
}
