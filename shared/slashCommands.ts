// Slash commands typed in a composer (docs/integrations.md, "Slash commands"): the list the web
// client offers after `/` and the split of a typed line into a command and its text, the same
// on both sides. The server parses and runs them (POST /api/commands); it holds no zod so the
// Chat page can carry it without the entity schemas.

export interface SlashCommandInfo {
  /** Without the slash, lower case. */
  name: string;
  /** What follows the name, as the list shows it ("" for none). */
  args: string;
  description: string;
}

export const SLASH_COMMANDS: readonly SlashCommandInfo[] = [
  { name: "away", args: "", description: "Set your status to away" },
  { name: "busy", args: "", description: "Set your status to busy (do not disturb)" },
  { name: "online", args: "", description: "Set your status to online" },
  { name: "status", args: "<text> [until]", description: "Set a custom status, e.g. /status Lunch 1h (until: 30m, 1h, today, tomorrow); /status alone clears it" },
  { name: "mute", args: "", description: "Mute this channel's notifications" },
  { name: "invite", args: "@person", description: "Add someone to this channel" },
  { name: "leave", args: "", description: "Leave this channel" },
  { name: "call", args: "@person", description: "Start a call with someone" },
  { name: "meet", args: "", description: "Start a meeting with this channel's people" },
  { name: "shrug", args: "[text]", description: "Post a message with ¯\\_(ツ)_/¯ at the end" },
  { name: "me", args: "<text>", description: "Post an action, shown in italics after your name" },
  { name: "remind", args: "me|#channel <when> <what>", description: "Remind yourself, or post to a channel later: /remind me in 20 minutes check the build" },
];

export const SHRUG = "¯\\_(ツ)_/¯";

/** A typed line that is a command: its name (lower case, no slash) and the text after it (trimmed). */
export interface ParsedSlashCommand {
  name: string;
  text: string;
}

const COMMAND = /^\/([A-Za-z][\w-]{0,31})(?:\s+([\s\S]*))?$/;

/** Whether a line is meant as a command: it starts with `/` (a leading space sends it as text). */
export const isSlashCommand = (line: string): boolean => line.startsWith("/");

/** The command a line names, or null when what follows the slash is not a command name. */
export function parseSlashCommand(line: string): ParsedSlashCommand | null {
  const m = COMMAND.exec(line.trimEnd());
  if (!m) return null;
  return { name: m[1].toLowerCase(), text: (m[2] ?? "").trim() };
}

/** The commands the list offers for what is typed after `/` (names starting with it), in list order. */
export function matchSlashCommands(typed: string, commands: readonly SlashCommandInfo[] = SLASH_COMMANDS): SlashCommandInfo[] {
  const q = typed.toLowerCase();
  return commands.filter((c) => c.name.startsWith(q));
}

/**
 * What POST /api/commands answers. `notice`: a line for the person who typed it (shown under the
 * composer, stored nowhere). `message_id`: the message a command posted. `action`: what the
 * person's client does next that needs its own media (a call, a meeting page), as the Call
 * button and the meeting page do.
 */
export interface SlashCommandResult {
  command: string;
  notice: string | null;
  message_id?: number;
  action?: { kind: "call"; user_id: number; name: string } | { kind: "meet"; meeting_id: string };
}
