// A channel's incoming webhooks (docs/integrations.md): listed for the channel's settings, made and
// revoked through the Entity API (`incoming_webhooks.create`, `incoming_webhooks.delete`). The
// query key starts with the table's name, so a change pushed by the server refetches it.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { Channel, IncomingWebhook } from "@shared/entities";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";
import { refetchAfterChange } from "../../app/queryClient";
import { upsertChannelInCache } from "../chat/api";

export const webhookKeys = {
  all: ["incoming_webhooks"] as const,
  channel: (channelId: number) => ["incoming_webhooks", channelId] as const,
};

export function useIncomingWebhooks(channelId: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.channel(channelId),
    queryFn: ({ signal }) => listEntities<IncomingWebhook>("incoming_webhooks", { where: { channel_id: channelId }, sort: "-id", limit: 100 }, signal),
    enabled,
  });
}

/** Makes a webhook; the answer is the one place its address is shown (`url`). */
export function useCreateIncomingWebhook(channelId: number) {
  return useMutation({
    mutationFn: (name: string) => createEntity<IncomingWebhook>("incoming_webhooks", { channel_id: channelId, name }),
    onSettled: () => refetchAfterChange({ queryKey: webhookKeys.channel(channelId) }),
  });
}

export function useRevokeIncomingWebhook(channelId: number) {
  return useMutation({
    mutationFn: (id: number) => deleteEntity("incoming_webhooks", id),
    onSettled: () => refetchAfterChange({ queryKey: webhookKeys.channel(channelId) }),
  });
}

/** The address a tool posts to: the server answers a path unless PUBLIC_URL is set. */
export const absoluteHookUrl = (url: string): string => new URL(url, window.location.origin).toString();

/** channels.update of the channel's link previews (docs/integrations.md, "Link previews"): on or off, by its managers. */
export function useSetLinkPreviews() {
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => updateEntity<Channel>("channels", id, { link_previews: on }),
    onSuccess: (channel) => upsertChannelInCache(channel),
  });
}
