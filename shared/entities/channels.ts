import { z } from "zod";
import { boolish, emailList, idRef, instant, requiredText, text } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";

export const CHANNEL_TYPES = ["public", "private", "dm"] as const;

export const channels = defineEntity({
  table: "channels",
  // The chat feature applies pushed rows to its store (client/src/features/chat/socket.ts).
  sync: "in-place",
  input: {
    name: requiredText("name", 100),
    description: text(1000),
    type: z.enum(CHANNEL_TYPES, { error: "must be public, private or dm" }),
    is_system: boolish,
    members: emailList,
    last_activity: instant,
    /** Whether its messages' links get previews (docs/integrations.md, "Link previews"); its managers turn it off. */
    link_previews: boolish,
  },
  required: ["name"],
  nullable: ["description"],
  serverSet: ["created_by"],
  row: z.object({
    ...rowBase,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(CHANNEL_TYPES),
    is_system: z.boolean(),
    members: z.array(z.string()),
    last_activity: z.string(),
    created_by: z.string().nullable(),
    link_previews: z.boolean(),
  }),
  instants: ["last_activity"],
  internal: noInternal,
  filters: { id: "int", name: "text", description: "text", type: "text", is_system: "bool", members: "emails", last_activity: "timestamp", created_by: "email" },
});

export type Channel = z.infer<typeof channels.row>;

/** `POST /channels/dm`: the direct message with this person, opened or created (docs/channels.md). */
export const channelsOpenDmInput = z.object({ user_id: idRef });
export type ChannelsOpenDmInput = z.infer<typeof channelsOpenDmInput>;
