// Read positions from the browser (docs/unread.md): the counts are loaded once per connection
// and whenever the feed cannot say them exactly; reading and "mark as unread" are the command
// `channel_reads.update`, over the socket (REST while it is down). Reading moves the position
// here at once and the server's answer (and its change on every other tab) settles it.
import type { ChannelRead } from "@shared/entities";
import { emitWithAck, getSocket } from "../../realtime/socket";
import { request } from "../../lib/http";
import { useSessionStore } from "../auth/store";
import { useChatStore } from "./store";
import { useUnreadStore } from "./unreadStore";
import { refreshUnread } from "./unreadCounts";

const me = () => useSessionStore.getState().user?.email;

const sending = new Set<number>();
const wanted = new Map<number, number>();

/** Moves the position here and recounts (or asks the server when the loaded messages cannot say). */
function applyPosition(channelId: number, position: number): void {
  const exact = useUnreadStore.getState().moved(channelId, position, useChatStore.getState().byChannel[channelId], me());
  if (!exact) void refreshUnread();
}

// Server rows (acks and feed changes) can arrive out of order, and behind a read this tab already
// shows: the newest row wins (updated_date), and while this tab's reads are on their way a row
// behind them is one of their own earlier steps, not a mark-unread.
const newestRow = new Map<number, string>();
const shown = new Map<number, number>();

/** A position as the server has it: the command's answer, or its change from the feed (any tab or device). */
export function applyRead(row: Pick<ChannelRead, "channel_id" | "last_read_message_id" | "updated_date">): void {
  const seen = newestRow.get(row.channel_id);
  if (seen !== undefined && row.updated_date < seen) return;
  newestRow.set(row.channel_id, row.updated_date);
  const ahead = shown.get(row.channel_id);
  if (ahead !== undefined && (sending.has(row.channel_id) || wanted.has(row.channel_id)) && row.last_read_message_id < ahead) return;
  applyPosition(row.channel_id, row.last_read_message_id);
}

function send(input: { channel_id: number; message_id: number; unread?: boolean }): Promise<ChannelRead> {
  return getSocket()?.connected ? emitWithAck("channel_reads.update", input) : request<ChannelRead>("/chat/read", { method: "POST", body: input });
}

/** channel_reads.update: I have read up to `messageId` (forward only; one request per channel in flight). */
export function updateChannelRead(channelId: number, messageId: number): void {
  const position = useUnreadStore.getState().positions[channelId];
  if (position !== undefined && messageId <= position) return;
  if (position !== undefined) {
    shown.set(channelId, messageId);
    applyPosition(channelId, messageId);
  }
  if (sending.has(channelId)) wanted.set(channelId, Math.max(wanted.get(channelId) ?? 0, messageId));
  else sendRead(channelId, messageId);
}

function sendRead(channelId: number, messageId: number): void {
  sending.add(channelId);
  send({ channel_id: channelId, message_id: messageId })
    .then(applyRead, (err: unknown) => console.error("Saving the read position failed", err))
    .finally(() => {
      sending.delete(channelId);
      const next = wanted.get(channelId);
      wanted.delete(channelId);
      if (next !== undefined) sendRead(channelId, next);
      else shown.delete(channelId);
    });
}

/** channel_reads.update with unread: this message and everything after it are unread again. */
export async function markUnread(channelId: number, messageId: number): Promise<void> {
  // Reading this channel on this screen would clear it at once: hold until the channel is left.
  useUnreadStore.getState().hold(channelId, true);
  wanted.delete(channelId);
  shown.delete(channelId);
  applyRead(await send({ channel_id: channelId, message_id: messageId, unread: true }));
}
