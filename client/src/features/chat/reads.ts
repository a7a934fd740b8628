// Read positions from the browser (README, "Unread"): the counts are loaded once per connection
// and whenever the feed cannot say them exactly; reading and "mark as unread" are the command
// `channel_reads.update`, over the socket (REST while it is down). Reading moves the position
// here at once and the server's answer (and its change on every other tab) settles it.
import type { ChannelRead, ChannelUnread } from "@shared/entities";
import { emitWithAck, getSocket } from "../../realtime/socket";
import { request } from "../../lib/http";
import { useSessionStore } from "../auth/store";
import { useChatStore } from "./store";
import { useUnreadStore } from "./unreadStore";

const me = () => useSessionStore.getState().user?.email;

let loading: Promise<void> | null = null;
let again = false;

/** GET /api/chat/unread into the store; calls while one runs share one more after it. */
export function refreshUnread(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = request<{ channels: ChannelUnread[] }>("/chat/unread")
    .then((res) => useUnreadStore.getState().setAll(res.channels))
    .catch((err: unknown) => console.error("Loading unread counts failed", err))
    .finally(() => {
      loading = null;
      if (again) {
        again = false;
        void refreshUnread();
      }
    });
  return loading;
}

/** A position as the server now has it (the command's answer, or its change from the feed). */
export function applyRead(row: Pick<ChannelRead, "channel_id" | "last_read_message_id">): void {
  const exact = useUnreadStore.getState().moved(row.channel_id, row.last_read_message_id, useChatStore.getState().byChannel[row.channel_id], me());
  if (!exact) void refreshUnread();
}

function send(input: { channel_id: number; message_id: number; unread?: boolean }): Promise<ChannelRead> {
  return getSocket()?.connected ? emitWithAck("channel_reads.update", input) : request<ChannelRead>("/chat/read", { method: "POST", body: input });
}

const sending = new Set<number>();
const wanted = new Map<number, number>();

/** channel_reads.update: I have read up to `messageId` (forward only; one request per channel in flight). */
export function updateChannelRead(channelId: number, messageId: number): void {
  const position = useUnreadStore.getState().positions[channelId];
  if (position !== undefined && messageId <= position) return;
  if (position !== undefined) applyRead({ channel_id: channelId, last_read_message_id: messageId });
  if (sending.has(channelId)) {
    wanted.set(channelId, Math.max(wanted.get(channelId) ?? 0, messageId));
    return;
  }
  sending.add(channelId);
  send({ channel_id: channelId, message_id: messageId })
    .then(applyRead, (err: unknown) => console.error("Saving the read position failed", err))
    .finally(() => {
      sending.delete(channelId);
      const next = wanted.get(channelId);
      wanted.delete(channelId);
      if (next !== undefined) updateChannelRead(channelId, next);
    });
}

/** channel_reads.update with unread: this message and everything after it are unread again. */
export async function markUnread(channelId: number, messageId: number): Promise<void> {
  // Reading this channel on this screen would clear it at once: hold until the channel is left.
  useUnreadStore.getState().hold(channelId, true);
  applyRead(await send({ channel_id: channelId, message_id: messageId, unread: true }));
}
