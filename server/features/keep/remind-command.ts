// `/remind me|#channel <when> <what>` (docs/messages.md, "Reminders"): `me` makes a reminder of
// a note of one's own; `#channel` schedules <what> as a message there from oneself. <when> is read
// in the person's time zone by shared/remindWhen.ts. Exported for the slash command registry
// (server/features/slash-commands), which calls it as the person who typed it.
import { splitWhenWhat } from "@shared/remindWhen";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { badRequest } from "../../errors";
import { canReadChannel } from "../chat/channels.policy";
import { createNoteReminder } from "./reminders";
import { scheduleMessage } from "./scheduled";
import type { MessageReminder, ScheduledMessage } from "@shared/keep";

export const REMIND_USAGE = "Say who, when and what: /remind me in 20 minutes check the build, or /remind #channel tomorrow 9am stand-up";

export interface RemindResult {
  /** What the person is told, in their own time zone. */
  notice: string;
  reminder?: MessageReminder;
  scheduled?: ScheduledMessage;
}

const shown = (at: Date, zone: string | null) =>
  at.toLocaleString("en-GB", { timeZone: zone || "UTC", weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }) + (zone ? "" : " UTC");

/** Runs `/remind <text>` typed in channel `channelId` (the reminder links back to it). */
export async function runRemind(ctx: AppContext, user: User, channelId: number | null, text: string): Promise<RemindResult> {
  const m = /^(\S+)\s+([\s\S]+)$/.exec(text.trim());
  if (!m) throw badRequest(REMIND_USAGE);
  const [, target, rest] = m;
  const zone = user.time_zone ?? null;
  const parsed = splitWhenWhat(rest, zone);
  if (!parsed) throw badRequest(`When is "${rest.slice(0, 60)}"? Try: in 20 minutes, 1h, tomorrow 9am, at 15:00, on Monday`);
  if (!parsed.what) throw badRequest("Say what to be reminded of after the time");
  if (target.toLowerCase() === "me") {
    const reminder = await createNoteReminder(ctx, user, { note: parsed.what, remind_at: parsed.at, channel_id: channelId });
    return { notice: `I will remind you ${shown(parsed.at, zone)}: ${parsed.what}`, reminder };
  }
  if (!target.startsWith("#")) throw badRequest(REMIND_USAGE);
  const name = target.slice(1).toLowerCase();
  const channel = await ctx.db.selectFrom("channels").select(["id", "name", "type", "members"]).where(({ fn, eb }) => eb(fn("lower", ["name"]), "=", name)).where("type", "!=", "dm").executeTakeFirst();
  // A channel one may not read answers as a missing one.
  if (!channel || !canReadChannel(user, channel)) throw badRequest(`No channel called #${name} that you can post in`);
  const scheduled = await scheduleMessage(ctx, user, { channel_id: channel.id, content: parsed.what, send_at: parsed.at });
  return { notice: `Scheduled for #${channel.name} ${shown(parsed.at, zone)}: ${parsed.what}`, scheduled };
}
