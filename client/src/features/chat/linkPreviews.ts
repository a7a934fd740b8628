// A channel's link previews (docs/integrations.md, "Link previews"): the server fetches them after a
// message is stored and pushes each one when it is ready; the query key starts with the table's
// name, so a pushed change refetches it. One list per channel (its newest previews), which every
// message row with a link reads from, rather than one request per message.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { MessageLinkPreview } from "@shared/entities";
import { deleteEntity, listEntities } from "../../lib/entityApi";
import { refetchAfterChange } from "../../app/queryClient";

export const linkPreviewKeys = {
  channel: (channelId: number) => ["message_link_previews", channelId] as const,
};

/** Whether a message's text has a link that may have a preview (the server decides which). */
export const mayHavePreview = (content: string): boolean => /https?:\/\//i.test(content);

export function useLinkPreviews(channelId: number, messageId: number, enabled: boolean) {
  return useQuery({
    queryKey: linkPreviewKeys.channel(channelId),
    queryFn: ({ signal }) => listEntities<MessageLinkPreview>("message_link_previews", { where: { channel_id: channelId }, sort: "-id", limit: 200 }, signal),
    enabled,
    staleTime: 60_000,
    select: (rows) => rows.filter((p) => p.message_id === messageId).sort((a, b) => a.position - b.position),
  });
}

/** `message_link_previews.delete`: the author removes a preview. */
export function useRemoveLinkPreview(channelId: number) {
  return useMutation({
    mutationFn: (id: number) => deleteEntity("message_link_previews", id),
    onSettled: () => refetchAfterChange({ queryKey: linkPreviewKeys.channel(channelId) }),
  });
}
