// channel_notification_settings: a person's level for a channel is theirs alone (docs/notifications.md). Like channel_reads: the read rule is `user_id = me` in SQL and the room
// `user:<id>` the audience (docs/architecture.md, "Policies and audiences"), so the person's other
// tabs and devices, and nobody else, get each change. A level is set for a channel its owner may
// read; it changes only through `channel_notification_settings.update` (./channel-settings.ts).
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { notFound } from "../../errors";
import { rooms } from "@shared/realtime";
import { canReadChannel } from "../chat/channels.policy";
import { findChannel } from "../chat/repository";

export const SETTINGS_NOT_DELETED = "A channel's notification level is not deleted: set it to all, mentions or muted instead";

export const channelNotificationSettingsAudience = (row: { user_id: number }) => [rooms.user(row.user_id)];

export const channelNotificationSettingsPolicy: TablePolicy<"channel_notification_settings"> = {
  readFilter: (user) => (eb) => eb("channel_notification_settings.user_id", "=", user.id),
  audience: channelNotificationSettingsAudience,
  canRead: readsByAudience(channelNotificationSettingsAudience),
  /** A channel the caller may read; any other answers like a missing one. */
  async canCreate(user, input, db) {
    const channel = await findChannel(db, Number(input.channel_id));
    if (!channel || !canReadChannel(user, channel)) throw notFound("Channel not found");
    return true;
  },
  /** Only one's own row, and only its level. */
  canUpdate: (user, row, changes) => row.user_id === user.id && Object.keys(changes).every((k) => k === "level"),
  canDelete: () => SETTINGS_NOT_DELETED,
  serverFields: {
    create: (user) => ({ user_id: user.id }),
  },
};
