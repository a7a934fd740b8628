import { LIMITS } from "@shared/constants";
import { listEntities } from "./entities";
import type { ChatMessage } from "./types";

export const MESSAGE_PAGE_SIZE = LIMITS.messagePageSize;

/** Newest page, returned oldest-first for display. */
export async function fetchLatestMessages(channelId: number, signal?: AbortSignal): Promise<ChatMessage[]> {
  const rows = await listEntities<ChatMessage>(
    "messages",
    { where: { channel_id: channelId }, sort: "-id", limit: MESSAGE_PAGE_SIZE },
    signal,
  );
  return rows.reverse();
}

/** Keyset paging by id: offsets would shift as new messages arrive and repeat rows. */
export async function fetchOlderMessages(channelId: number, beforeId: number): Promise<ChatMessage[]> {
  const rows = await listEntities<ChatMessage>("messages", {
    where: { channel_id: channelId, id: { lt: beforeId } },
    sort: "-id",
    limit: MESSAGE_PAGE_SIZE,
  });
  return rows.reverse();
}

export const RESYNC_LIMIT = 500;

/** What a client missed while its socket was down without recovery. */
export function fetchMessagesAfter(channelId: number, afterId: number): Promise<ChatMessage[]> {
  return listEntities<ChatMessage>("messages", {
    where: { channel_id: channelId, id: { gt: afterId } },
    sort: "id",
    limit: RESYNC_LIMIT,
  });
}
