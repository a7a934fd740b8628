// A person's notification level per channel (docs/notifications.md): all / mentions / muted,
// the table channel_notification_settings. The query key starts with the table name, so the change
// each setting sends to its owner's sockets refetches it on every other tab (docs/architecture.md,
// "Catching up"). Setting one is the command `channel_notification_settings.update`, over the
// socket (REST while it is down); this tab shows the new level at once.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { ChannelNotificationSetting, ChannelNotifyLevel } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { queryClient, refetchAfterChange } from "../../app/queryClient";
import { listEntities } from "../../lib/entityApi";
import { request } from "../../lib/http";
import { emitWithAck, getSocket } from "../../realtime/socket";

export const channelLevelKeys = { all: ["channel_notification_settings"] as const };

const EMPTY: Record<number, ChannelNotifyLevel> = {};

/** channel id → level, for the channels where the person set one. */
export function useChannelLevels(): Record<number, ChannelNotifyLevel> {
  const { data } = useQuery({
    queryKey: channelLevelKeys.all,
    queryFn: ({ signal }) => listEntities<ChannelNotificationSetting>("channel_notification_settings", { limit: LIMITS.listMaxLimit }, signal),
    select: (rows) => Object.fromEntries(rows.map((r) => [r.channel_id, r.level])) as Record<number, ChannelNotifyLevel>,
    staleTime: 60_000,
  });
  return data ?? EMPTY;
}

function send(input: { channel_id: number; level: ChannelNotifyLevel }): Promise<ChannelNotificationSetting> {
  return getSocket()?.connected
    ? emitWithAck("channel_notification_settings.update", input)
    : request<ChannelNotificationSetting>("/notifications/channel-settings", { method: "POST", body: input });
}

export function useSetChannelLevel() {
  return useMutation({
    mutationFn: send,
    onMutate: (input) => {
      const rows = queryClient.getQueryData<ChannelNotificationSetting[]>(channelLevelKeys.all);
      if (!rows) return;
      const known = rows.some((r) => r.channel_id === input.channel_id);
      queryClient.setQueryData<ChannelNotificationSetting[]>(
        channelLevelKeys.all,
        known ? rows.map((r) => (r.channel_id === input.channel_id ? { ...r, level: input.level } : r)) : [...rows, { id: -input.channel_id, channel_id: input.channel_id, user_id: 0, level: input.level, created_date: "", updated_date: "" }],
      );
    },
    onSettled: () => void refetchAfterChange({ queryKey: channelLevelKeys.all }),
  });
}
