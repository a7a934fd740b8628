import { z } from "zod";
import { idRef, plainString } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";

// One emoji: a pictograph (with its variation selector, skin tone and zero-width joins), a flag
// (two regional indicators, or a black flag with tag letters: England, Scotland, Wales) or a
// keycap. Text that is not an emoji is refused in these words.
const EMOJI_RE =
  /^(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:[\u{E0020}-\u{E007E}]+\u{E007F})?[\uFE0F\p{Emoji_Modifier}]*(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]*)*)$/u;
export const EMOJI_MESSAGE = "must be a single emoji";
export const emoji = plainString().min(1, EMOJI_MESSAGE).max(64, EMOJI_MESSAGE).regex(EMOJI_RE, EMOJI_MESSAGE);

/**
 * A person's reaction to a message: one row per message, person and emoji. Created and deleted
 * through `message_reactions.create` and `message_reactions.delete`; never updated.
 */
export const messageReactions = defineEntity({
  table: "message_reactions",
  // The chat feature applies pushed rows to its store (client/src/features/chat/socket.ts).
  sync: "in-place",
  input: { message_id: idRef, emoji },
  required: ["message_id", "emoji"],
  nullable: [],
  // The channel comes from the message, the person from the token.
  serverSet: ["channel_id", "user_email"],
  createOnly: ["message_id", "emoji"],
  row: z.object({
    ...rowBase,
    message_id: z.number().int(),
    channel_id: z.number().int(),
    user_email: z.string(),
    emoji: z.string(),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", message_id: "int", channel_id: "int", user_email: "email", emoji: "text" },
});

export type MessageReaction = z.infer<typeof messageReactions.row>;
