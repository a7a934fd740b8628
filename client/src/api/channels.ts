import { useMutation, useQuery } from "@tanstack/react-query";
import { createEntity, deleteEntity, listEntities } from "./entities";
import { queryClient, queryKeys } from "./queryClient";
import type { Channel } from "./types";

export function sortChannels(channels: Channel[]): Channel[] {
  // Most recently active first (spec: sorted -last_activity); names break ties so the order is stable.
  return [...channels].sort((a, b) => {
    const at = a.last_activity ?? a.created_date ?? "";
    const bt = b.last_activity ?? b.created_date ?? "";
    if (at !== bt) return at < bt ? 1 : -1;
    return a.name.localeCompare(b.name);
  });
}

export function useChannels() {
  return useQuery({
    queryKey: queryKeys.channels,
    queryFn: ({ signal }) => listEntities<Channel>("channels", { sort: "-last_activity", limit: 500 }, signal),
    select: sortChannels,
  });
}

export function upsertChannelInCache(channel: Channel): void {
  queryClient.setQueryData<Channel[]>(queryKeys.channels, (old) => {
    if (!old) return old;
    const rest = old.filter((c) => c.id !== channel.id);
    return [...rest, channel];
  });
}

export function removeChannelFromCache(id: number): void {
  queryClient.setQueryData<Channel[]>(queryKeys.channels, (old) => old?.filter((c) => c.id !== id));
}

export interface NewChannel {
  name: string;
  description: string;
  type: "public" | "private";
}

export function useCreateChannel() {
  return useMutation({
    mutationFn: (input: NewChannel) =>
      createEntity<Channel>("channels", {
        name: input.name,
        ...(input.description ? { description: input.description } : {}),
        type: input.type,
        last_activity: new Date().toISOString(),
      }),
    onSuccess: (channel) => upsertChannelInCache(channel),
  });
}

export function useDeleteChannel() {
  return useMutation({
    mutationFn: (id: number) => deleteEntity("channels", id),
    onSuccess: (_data, id) => removeChannelFromCache(id),
  });
}
