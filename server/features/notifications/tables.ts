// The notifications feature's entity tables as the engine sees them (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { notificationsPolicy } from "./policy";
import { channelNotificationSettingsPolicy } from "./channel-settings.policy";
import { channelNotificationSettingsHooks } from "./channel-settings";

export const notificationsTable: TableFeature<"notifications"> = { policy: notificationsPolicy };
export const channelNotificationSettingsTable: TableFeature<"channel_notification_settings"> = {
  policy: channelNotificationSettingsPolicy,
  hooks: channelNotificationSettingsHooks,
};
