// `channel_notification_settings.update` (docs/notifications.md; docs/architecture.md, "Adding
// a command"): sets the caller's level for one channel, all / mentions / muted. The row and its
// change record commit together (withChanges) and the change goes to the owner's room only, so
// their other tabs move the bell in the channel header and the muted mark in the channel list.
// The REST route, the socket command and the Entity API's create and update of the table all call
// this function; the worker reads the level when it decides a job (./decide.ts).
import { ENTITIES, validateCreate, validateUpdate, type ChannelNotificationSetting, type ChannelNotifyLevel } from "@shared/entities";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { HttpError, notFound } from "../../errors";
import { enforce } from "../../entities/policy-helpers";
import type { RowOf, TableHooks } from "../../entities/policy";
import { present } from "../../entities/present";
import { withChanges } from "../../feed/changelog";
import { channelNotificationSettingsPolicy } from "./channel-settings.policy";

export interface LevelChange {
  channel_id: number;
  level: ChannelNotifyLevel;
}

/** The command, answering the row as the presenter shows it. */
export async function updateChannelNotificationSetting(ctx: AppContext, user: User, input: LevelChange): Promise<ChannelNotificationSetting> {
  return present("channel_notification_settings", await setLevel(ctx, user, input), user);
}

async function setLevel(ctx: AppContext, user: User, input: LevelChange): Promise<RowOf<"channel_notification_settings">> {
  return withChanges(ctx, async (trx, log) => {
    enforce(await channelNotificationSettingsPolicy.canCreate(user, { channel_id: input.channel_id }, trx));
    // Two first settings at once cannot both insert: the unique key decides, the loser updates.
    const made = await trx
      .insertInto("channel_notification_settings")
      .values({ user_id: user.id, channel_id: input.channel_id, level: input.level })
      .onConflict((oc) => oc.columns(["user_id", "channel_id"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (made) {
      log.add("channel_notification_settings", "create", made.id, made);
      return made;
    }
    const current = await trx
      .selectFrom("channel_notification_settings")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("channel_id", "=", input.channel_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (current.level === input.level) return current;
    enforce(channelNotificationSettingsPolicy.canUpdate(user, current, { level: input.level }));
    const after = await trx
      .updateTable("channel_notification_settings")
      .set({ level: input.level, updated_at: new Date() })
      .where("id", "=", current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    log.add("channel_notification_settings", "update", after.id, after, current);
    return after;
  });
}

const failed = (prefix: string, detail: string) => new HttpError(400, `${prefix}: ${detail}`.slice(0, 315));

/** The Entity API's writes of channel_notification_settings are the same command. */
export const channelNotificationSettingsHooks: TableHooks = {
  async create(ctx, user, body) {
    const v = validateCreate(ENTITIES.channel_notification_settings, body);
    if (!v.ok) throw failed("Insert failed", v.error);
    return setLevel(ctx, user, { channel_id: Number(v.data.channel_id), level: v.data.level as ChannelNotifyLevel });
  },
  async update(ctx, user, id, body) {
    const v = validateUpdate(ENTITIES.channel_notification_settings, body);
    if (!v.ok) throw failed("Update failed", v.error);
    const row = await ctx.db.selectFrom("channel_notification_settings").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
    if (!row) throw notFound();
    if (v.data.channel_id !== undefined && Number(v.data.channel_id) !== row.channel_id) throw failed("Update failed", "channel_id cannot be changed");
    return setLevel(ctx, user, { channel_id: row.channel_id, level: (v.data.level as ChannelNotifyLevel | undefined) ?? row.level });
  },
};
