// The body of POST /api/commands (docs/integrations.md, "Slash commands"): a line typed in a
// channel's composer, or a thread's, as the web client, another client or a bot sends it.
import { z } from "zod";
import { idRef, text } from "./fields";
import { isTimeZone } from "./users";

export const slashCommandInput = z
  .object({
    channel_id: idRef,
    text: text(4000).refine((t) => t.startsWith("/"), "must start with / and a command name"),
    /** Typed in this thread: /shrug and /me post there. */
    thread_root_id: idRef.optional(),
    /** The sender's zone for `today`/`tomorrow` when their profile names none (the browser's). */
    time_zone: text(64).refine(isTimeZone, "time_zone must be an IANA time zone such as Europe/Berlin").optional(),
  })
  .strict();

export type SlashCommandInput = z.output<typeof slashCommandInput>;
