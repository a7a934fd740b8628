// Cold load of a channel (README, "Cold load"): the first screen's data, put where the page looks
// for it (the session store, the query cache, the chat and unread stores) as soon as the app's
// JavaScript runs, before React renders. The requests themselves left earlier, from the entry
// (firstRequests.ts): these loads take their answers, and the page's own loads then find the data
// loaded or join the loads in flight.
import { useSessionStore } from "../features/auth/store";
import { channelKeys, fetchChannels } from "../features/chat/api";
import { prefetchChannel } from "../features/chat/loading";
import { refreshUnread } from "../features/chat/unreadCounts";
import { isExpired, needsRefresh, readSession } from "../lib/tokenStorage";
import { channelToOpen, loadChatPage } from "./firstRequests";
import { loadPage } from "./pageModules";
import { pageFromPath } from "./pages";
import { queryClient } from "./queryClient";

export function prefetch(): void {
  // Checking the session (GET /auth/me) starts now rather than in App's first effect.
  void useSessionStore.getState().init();
  const stored = readSession();
  if (!stored || isExpired(stored.expiresAt) || needsRefresh(stored.expiresAt)) return;
  if (pageFromPath(window.location.pathname) !== "Chat") return;
  void queryClient.prefetchQuery({ queryKey: channelKeys.all, queryFn: fetchChannels });
  void refreshUnread();
  const channelId = channelToOpen(stored.user?.id);
  if (channelId) void prefetchChannel(channelId);
  void loadPage("Chat", loadChatPage);
}
