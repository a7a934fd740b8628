// Slash commands typed in a composer (docs/integrations.md, "Slash commands"): POST /api/commands
// parses the line and runs, as the person who typed it, the named command that already does the
// same thing from a button or a menu (docs/architecture.md, "The write path"): presence as
// users.update and the presence service, `/status` as users.update, `/mute` as
// channel_notification_settings.update, `/invite` and `/leave` as channels.update with its
// policy, `/meet` as calendar_events.create,
// `/shrug` and `/me` as messages.create. `/call` and `/meet` need the person's own media, so the
// answer tells their client to start the call or open the meeting page (the Call button's path).
import { parseMentions } from "@shared/mentions";
import { parseSlashCommand, SHRUG, type SlashCommandResult } from "@shared/slashCommands";
import type { SlashCommandInput } from "@shared/entities/slashCommands";
import type { Channel, User } from "../../db/schema";
import type { AppContext } from "../../context";
import { badRequest, HttpError, serviceUnavailable } from "../../errors";
import { isAdmin } from "../../auth/roles";
import { createEntity, getEntity, updateEntity } from "../../entities/pipeline";
import { emailOf, listHas } from "../../entities/policy-helpers";
import { createMessage } from "../chat/post";
import { updateChannelNotificationSetting } from "../notifications/channel-settings";
import { updateUser } from "../users/service";
import { findPeopleNamed, type NamedPerson } from "./repository";
import { parseUntil } from "./until";
import { runRemind } from "../keep/remind-command";

interface Run {
  ctx: AppContext;
  user: User;
  channel: Channel;
  text: string;
  input: SlashCommandInput;
}

type Handler = (run: Run) => Promise<Omit<SlashCommandResult, "command">>;

const channelName = (c: Channel) => (c.type === "dm" ? "this conversation" : `#${c.name}`);

function noText(name: string, text: string): void {
  if (text) throw badRequest(`/${name} takes nothing after it`);
}

function presence(status: "online" | "away" | "busy", said: string): Handler {
  return async ({ ctx, user, text }) => {
    noText(status, text);
    if (!ctx.realtime) throw serviceUnavailable();
    // As the presence menu: saved on the user record (users.update, so their other tabs and the
    // Directory follow), then announced to whoever watches their presence.
    await updateUser(ctx, user, user.id, { user_status: status });
    await ctx.realtime.presence.setStatus(user.id, status);
    return { notice: said };
  };
}

/** The one person an `@person` argument names: a picked mention, an e-mail (with or without @) or an exact full name. */
async function person(ctx: AppContext, name: string, text: string): Promise<NamedPerson> {
  if (!text) throw badRequest(`Say who: /${name} @person`);
  const token = parseMentions(text).emails;
  const key = token.length === 1 ? token[0] : text.replace(/^@/, "").trim();
  const found = await findPeopleNamed(ctx.db, key);
  if (found.length === 0) throw badRequest(`Nobody here is called ${text}`);
  if (found.length > 1) throw badRequest(`More than one person is called ${text}: pick them from the list after @`);
  if (!found[0].is_active) throw badRequest(`${found[0].full_name}'s account is deactivated`);
  return found[0];
}

const when = (at: Date, zone: string) => at.toLocaleString("en-GB", { timeZone: zone, weekday: "short", hour: "2-digit", minute: "2-digit" });

const STATUS_MAX = 500;

const status: Handler = async ({ ctx, user, text, input }) => {
  if (!text) {
    await updateUser(ctx, user, user.id, { status_message: null, status_expires_at: null });
    return { notice: "Your status is cleared." };
  }
  const zone = user.time_zone ?? input.time_zone ?? "UTC";
  const words = text.split(/\s+/);
  const until = words.length > 1 ? parseUntil(words[words.length - 1], new Date(), zone) : null;
  if (words.length === 1 && parseUntil(words[0], new Date(), zone)) throw badRequest("Say what your status is: /status <text> [until]");
  const message = until ? words.slice(0, -1).join(" ") : text;
  if (message.length > STATUS_MAX) throw badRequest(`A status is at most ${STATUS_MAX} characters`);
  await updateUser(ctx, user, user.id, { status_message: message, status_expires_at: until ? until.toISOString() : null });
  return { notice: until ? `Your status is “${message}” until ${when(until, zone)}.` : `Your status is “${message}”.` };
};

const mute: Handler = async ({ ctx, user, channel, text }) => {
  noText("mute", text);
  await updateChannelNotificationSetting(ctx, user, { channel_id: channel.id, level: "muted" });
  return { notice: `${channelName(channel)} is muted: no notifications from it. The bell in its header turns them back on.` };
};

const invite: Handler = async ({ ctx, user, channel, text }) => {
  if (channel.type === "dm") throw badRequest("Nobody can be added to a direct message");
  const who = await person(ctx, "invite", text);
  if (listHas(channel.members, who.email)) return { notice: `${who.full_name} is already in ${channelName(channel)}.` };
  await updateEntity(ctx, user, "channels", channel.id, { members: [...channel.members, who.email.toLowerCase()] });
  return { notice: `${who.full_name} was added to ${channelName(channel)}.` };
};

const leave: Handler = async ({ ctx, user, channel, text }) => {
  noText("leave", text);
  if (channel.type === "dm") throw badRequest("A direct message cannot be left");
  if (!listHas(channel.members, user.email)) throw badRequest(`You are not a member of ${channelName(channel)}`);
  if (channel.is_system && !isAdmin(user)) throw new HttpError(403, `Forbidden: everyone is in ${channelName(channel)}`);
  const me = emailOf(user);
  await updateEntity(ctx, user, "channels", channel.id, { members: channel.members.filter((m) => m.toLowerCase() !== me) });
  return { notice: `You left ${channelName(channel)}.` };
};

const call: Handler = async ({ ctx, user, text }) => {
  const who = await person(ctx, "call", text);
  if (who.id === user.id) throw badRequest("You cannot call yourself");
  return { notice: `Calling ${who.full_name}…`, action: { kind: "call", user_id: who.id, name: who.full_name } };
};

const MEETING_MINUTES = 30;

const meet: Handler = async ({ ctx, user, channel, text }) => {
  noText("meet", text);
  const start = new Date();
  const me = emailOf(user);
  const event = (await createEntity(ctx, user, "calendar_events", {
    title: channel.type === "dm" ? "Meeting" : `Meeting in #${channel.name}`,
    event_type: "meeting",
    start_datetime: start.toISOString(),
    end_datetime: new Date(start.getTime() + MEETING_MINUTES * 60_000).toISOString(),
    attendees: channel.members.filter((m) => m.toLowerCase() !== me),
  })) as { meeting_id: string | null };
  if (!event.meeting_id) throw new HttpError(500, "The meeting got no id");
  return { notice: "Meeting started.", action: { kind: "meet", meeting_id: event.meeting_id } };
};

const post = async (ctx: AppContext, user: User, input: SlashCommandInput, content: string) => {
  const message = await createMessage(ctx, user, { channel_id: input.channel_id, content, ...(input.thread_root_id ? { thread_root_id: input.thread_root_id } : {}) });
  return { notice: null, message_id: message.id };
};

const shrug: Handler = ({ ctx, user, text, input }) => post(ctx, user, input, text ? `${text} ${SHRUG}` : SHRUG);

// An action reads as the author doing it, in italics: "_Ada Lovelace waves_".
const me: Handler = ({ ctx, user, text, input }) => {
  if (!text) throw badRequest("Say what you do: /me <text>");
  return post(ctx, user, input, `_${user.full_name} ${text}_`);
};

// `/remind me|#channel <when> <what>`: a reminder or a scheduled message (docs/messages.md, "Reminders").
const remind: Handler = async ({ ctx, user, channel, text }) => ({ notice: (await runRemind(ctx, user, channel.id, text)).notice });

/** The built-in commands, by name (the list the composer shows is in shared/slashCommands.ts). */
export const SLASH_HANDLERS: Record<string, Handler> = {
  away: presence("away", "You are away."),
  busy: presence("busy", "You are busy: notifications wait until you are back."),
  online: presence("online", "You are online."),
  status,
  mute,
  invite,
  leave,
  call,
  meet,
  shrug,
  me,
  remind,
};

/** Parses and runs one line, in the channel it was typed in (which the person must be able to read). */
export async function runSlashCommand(ctx: AppContext, user: User, input: SlashCommandInput): Promise<SlashCommandResult> {
  const parsed = parseSlashCommand(input.text);
  if (!parsed) throw badRequest("Type a command name after /, for example /away");
  const handler = Object.hasOwn(SLASH_HANDLERS, parsed.name) ? SLASH_HANDLERS[parsed.name] : undefined;
  if (!handler) throw badRequest(`Unknown command: /${parsed.name}. Type / to see the commands.`);
  // Someone who may not read the channel learns nothing about it: 404, as for its messages.
  const channel = (await getEntity(ctx, user, "channels", input.channel_id).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 404 ? new HttpError(404, "Channel not found") : err;
  })) as unknown as Channel;
  return { command: parsed.name, ...(await handler({ ctx, user, channel, text: parsed.text, input })) };
}
