// A message's link previews (docs/integrations.md, "Link previews"): the title, description, site
// name and image address of a page a message links to, fetched by the server through its egress
// guard after the message is stored, never on the sender's path. Written only by the server; read
// by whoever may read the message's channel; removed by the message's author
// (`message_link_previews.delete`).
import { z } from "zod";
import { defineEntity, rowBase } from "./define";

export const LINK_PREVIEWS_PER_MESSAGE = 3;
export const PREVIEW_STATUSES = ["pending", "ready", "failed", "removed"] as const;

export const messageLinkPreviews = defineEntity({
  table: "message_link_previews",
  input: {},
  required: [],
  nullable: [],
  serverSet: ["message_id", "channel_id", "url", "position", "title", "description", "site_name", "image"],
  row: z.object({
    ...rowBase,
    message_id: z.number().int(),
    channel_id: z.number().int(),
    /** The link as the message has it. */
    url: z.string(),
    /** Its place among the message's links (0, 1, 2). */
    position: z.number().int(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    site_name: z.string().nullable(),
    /** The page's image address (og:image); the web client does not load it (docs/integrations.md). */
    image: z.string().nullable(),
  }),
  instants: [],
  internal: z.object({ status: z.enum(PREVIEW_STATUSES), lease_until: z.date().nullable() }),
  filters: { id: "int", message_id: "int", channel_id: "int" },
});

export type MessageLinkPreview = z.infer<typeof messageLinkPreviews.row>;
