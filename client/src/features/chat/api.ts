import { useMutation, useQuery } from "@tanstack/react-query";
import { LIMITS } from "@shared/constants";
import type { Channel, ChannelsOpenDmInput, ChatMessage } from "@shared/entities";
import { queryClient, refetchAfterChange, updateCached } from "../../app/queryClient";
import { createEntity, deleteEntity, listEntities, updateEntity, type WhereObject } from "../../lib/entityApi";
import { request } from "../../lib/http";
import { useSessionStore } from "../auth/store";

export const channelKeys = {
  all: ["channels"] as const,
};

export function sortChannels(channels: Channel[]): Channel[] {
  // Most recently active first (sorted -last_activity); names break ties so the order is stable.
  return [...channels].sort((a, b) => {
    const at = a.last_activity ?? a.created_date ?? "";
    const bt = b.last_activity ?? b.created_date ?? "";
    if (at !== bt) return at < bt ? 1 : -1;
    return a.name.localeCompare(b.name);
  });
}

/** The channel list as useChannels asks for it; the entry also starts it before the first render (app/prefetch.ts). */
export function fetchChannels({ signal }: { signal?: AbortSignal } = {}): Promise<Channel[]> {
  return listEntities<Channel>("channels", { sort: "-last_activity", limit: 500 }, signal);
}

export function useChannels() {
  return useQuery({ queryKey: channelKeys.all, queryFn: fetchChannels, select: sortChannels });
}

export function upsertChannelInCache(channel: Channel): void {
  updateCached<Channel[]>(channelKeys.all, (old) => {
    if (!old) return old;
    const rest = old.filter((c) => c.id !== channel.id);
    return [...rest, channel];
  });
}

/**
 * A message arrived: its channel's last_activity moves to its time (never back). In place only: a
 * fetch under way is not made again for it (messages may come faster than the list is fetched).
 */
export function moveChannelActivity(channelId: number, at: string): void {
  queryClient.setQueryData<Channel[]>(channelKeys.all, (old) => {
    const ch = old?.find((c) => c.id === channelId);
    if (!old || !ch || Date.parse(ch.last_activity ?? "") >= Date.parse(at)) return old;
    return old.map((c) => (c.id === channelId ? { ...c, last_activity: at } : c));
  });
}

export function findChannelInCache(id: number): Channel | undefined {
  return queryClient.getQueryData<Channel[]>(channelKeys.all)?.find((c) => c.id === id);
}

export function removeChannelFromCache(id: number): void {
  updateCached<Channel[]>(channelKeys.all, (old) => old?.filter((c) => c.id !== id));
}

export function invalidateChannels(): void {
  void refetchAfterChange({ queryKey: channelKeys.all });
}

export interface NewChannel {
  name: string;
  description: string;
  type: "public" | "private";
  /** Besides the creator, whom the server always adds. */
  members: string[];
}

export function useCreateChannel() {
  return useMutation({
    mutationFn: (input: NewChannel) =>
      createEntity<Channel>("channels", {
        name: input.name,
        ...(input.description ? { description: input.description } : {}),
        type: input.type,
        members: input.members,
        last_activity: new Date().toISOString(),
      }),
    onSuccess: (channel) => upsertChannelInCache(channel),
  });
}

/** channels.update of a channel's people: adding, removing, joining and leaving. */
export function useUpdateChannel() {
  return useMutation({
    mutationFn: ({ id, members }: { id: number; members: string[] }) => updateEntity<Channel>("channels", id, { members }),
    onSuccess: (channel) => {
      // Leaving a private channel: the answer is the last sight of it (the socket says so too).
      const me = useSessionStore.getState().user?.email.toLowerCase();
      if (channel.type !== "public" && !channel.members.some((m) => m.toLowerCase() === me)) removeChannelFromCache(channel.id);
      else upsertChannelInCache(channel);
    },
  });
}

/** channels.openDm: the direct message with this person, made on the server if there is none yet. */
export function useOpenDm() {
  return useMutation({
    mutationFn: (input: ChannelsOpenDmInput) => request<Channel>("/channels/dm", { method: "POST", body: input }),
    onSuccess: (channel) => upsertChannelInCache(channel),
  });
}

export function useDeleteChannel() {
  return useMutation({
    mutationFn: (id: number) => deleteEntity("channels", id),
    onSuccess: (_data, id) => removeChannelFromCache(id),
  });
}

// Messages are not in the query cache: they live in the chat store (./store), fed by these
// fetches and by socket pushes.
export const MESSAGE_PAGE_SIZE = LIMITS.messagePageSize;

/** A channel's main list: its roots and the replies also sent there (docs/threads.md). */
const channelList = (channelId: number): WhereObject => ({ channel_id: channelId, or: [{ thread_root_id: null }, { also_to_channel: true }] });

/** A thread's replies (docs/threads.md); paged exactly as a channel's list, from the index on (thread_root_id, id). */
export const threadList = (rootId: number): WhereObject => ({ thread_root_id: rootId });

/**
 * One page of a message list (a channel's or a thread's), oldest first for display: the newest
 * page without `beforeId`, else the page just older than it. Keyset paging by id: offsets would
 * shift as new messages arrive and repeat rows, and an id stays a valid cursor after its message
 * is deleted.
 */
export async function fetchMessagePage(where: WhereObject, beforeId?: number, signal?: AbortSignal): Promise<ChatMessage[]> {
  const rows = await listEntities<ChatMessage>(
    "messages",
    { where: beforeId == null ? where : { ...where, id: { lt: beforeId } }, sort: "-id", limit: MESSAGE_PAGE_SIZE },
    signal,
  );
  return rows.reverse();
}

/** Newest page of a channel, returned oldest-first for display. */
export function fetchLatestMessages(channelId: number, signal?: AbortSignal): Promise<ChatMessage[]> {
  return fetchMessagePage(channelList(channelId), undefined, signal);
}

export function fetchOlderMessages(channelId: number, beforeId: number): Promise<ChatMessage[]> {
  return fetchMessagePage(channelList(channelId), beforeId);
}

/** The REST fallback for sending while the socket is down. */
export function createMessageViaRest(input: Record<string, unknown>): Promise<ChatMessage> {
  return createEntity<ChatMessage>("messages", input);
}
