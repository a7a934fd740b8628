// A person's notification level for one channel (docs/notifications.md): `all` (every message
// of the channel may reach them as a push), `mentions` (only direct messages and mentions of them
// or of everyone) or `muted` (nothing pushed from the channel; its unread count leaves the Chat
// badge unless it mentions them). No row: the global preference decides. Only its owner sees it
// (audience `user:<id>`), and it changes only through `channel_notification_settings.update`.
import { z } from "zod";
import { idRef } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";

export const CHANNEL_NOTIFY_LEVELS = ["all", "mentions", "muted"] as const;
export type ChannelNotifyLevel = (typeof CHANNEL_NOTIFY_LEVELS)[number];
const level = z.enum(CHANNEL_NOTIFY_LEVELS, { error: "level must be all, mentions or muted" });

export const channelNotificationSettings = defineEntity({
  table: "channel_notification_settings",
  input: { channel_id: idRef, level },
  required: ["channel_id", "level"],
  nullable: [],
  serverSet: ["user_id"],
  createOnly: ["channel_id"],
  row: z.object({
    ...rowBase,
    channel_id: z.number().int(),
    user_id: z.number().int(),
    level: z.enum(CHANNEL_NOTIFY_LEVELS),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", channel_id: "int", user_id: "int", level: "text" },
});

export type ChannelNotificationSetting = z.infer<typeof channelNotificationSettings.row>;

/** `channel_notification_settings.update` (socket) and `POST /api/notifications/channel-settings` (REST). */
export const channelNotificationSettingsUpdateInput = z.strictObject({ channel_id: idRef, level }, { error: "the body must be an object" });
export type ChannelNotificationSettingsUpdateInput = z.input<typeof channelNotificationSettingsUpdateInput>;
