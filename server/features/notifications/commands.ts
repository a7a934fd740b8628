// Notifications over the socket: a person's level for a channel (./channel-settings.ts).
import { channelNotificationSettingsUpdateInput } from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import type { User } from "../../db/schema";
import { updateChannelNotificationSetting } from "./channel-settings";

export const notificationCommands = {
  "channel_notification_settings.update": command(channelNotificationSettingsUpdateInput, (ctx, _hub, socket, input) =>
    updateChannelNotificationSetting(ctx, socket.data.u as User, { channel_id: Number(input.channel_id), level: input.level }),
  ),
};
