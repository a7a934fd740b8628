// A person's sidebar section (docs/channels.md, "Sidebar"): Favourites, Channels, Direct messages
// (one of each per person, made the first time their sidebar is read) and sections of their own.
// Each has a sort, may be collapsed, and lists the channels placed in it in manual order; a
// channel placed nowhere shows in Channels or Direct messages by its type. Only its owner sees it
// (audience `user:<id>`). Name, sort and collapsed change through the Entity API's generic
// update; where channels sit and the order of sections only through the commands below.
import { z } from "zod";
import { boolish, idRef, requiredText } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";
import { SIDEBAR_CHANNELS_MAX, SIDEBAR_KINDS, SIDEBAR_NAME_MAX, SIDEBAR_SECTIONS_MAX, SIDEBAR_SORTS } from "../sidebar";

export { SIDEBAR_CHANNELS_MAX, SIDEBAR_DEFAULTS, SIDEBAR_KINDS, SIDEBAR_NAME_MAX, SIDEBAR_SECTIONS_MAX, SIDEBAR_SORTS, type SidebarKind, type SidebarSort } from "../sidebar";

/** An object and nothing else: a field the command does not take is named, not ignored. */
const bodyError = (iss: { code?: string; keys?: string[] }) => (iss.code === "unrecognized_keys" && iss.keys ? `unknown field: ${iss.keys.join(", ")}` : "the body must be an object");

const name = requiredText("name", SIDEBAR_NAME_MAX, "name is required");
const sort = z.enum(SIDEBAR_SORTS, { error: "sort must be recent, alpha or manual" });

export const sidebarSections = defineEntity({
  table: "sidebar_sections",
  input: { name, sort, collapsed: boolish },
  required: ["name"],
  nullable: [],
  serverSet: ["user_id", "kind", "position", "channel_ids"],
  row: z.object({
    ...rowBase,
    user_id: z.number().int(),
    kind: z.enum(SIDEBAR_KINDS),
    name: z.string(),
    position: z.number().int(),
    sort: z.enum(SIDEBAR_SORTS),
    collapsed: z.boolean(),
    channel_ids: z.array(z.number().int()),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", user_id: "int", kind: "text", position: "int" },
});

export type SidebarSection = z.infer<typeof sidebarSections.row>;

/** `sidebar_sections.setup` and `POST /api/sidebar/setup`: nothing to say. */
export const sidebarSetupInput = z.strictObject({}, { error: bodyError });

/**
 * `sidebar_sections.move` and `POST /api/sidebar/move`: place a channel in one of one's sections,
 * at `index` in its manual order (the end when absent); it leaves whichever section held it.
 */
export const sidebarMoveInput = z.strictObject(
  {
    channel_id: idRef,
    section_id: idRef,
    index: z.number({ error: "index must be a whole number, 0 or more" }).int("index must be a whole number, 0 or more").min(0, "index must be a whole number, 0 or more").max(SIDEBAR_CHANNELS_MAX, `index must be at most ${SIDEBAR_CHANNELS_MAX}`).optional(),
  },
  { error: bodyError },
);
export type SidebarMoveInput = z.input<typeof sidebarMoveInput>;

/** `sidebar_sections.order` and `POST /api/sidebar/order`: every one of one's section ids, in the new order. */
export const sidebarOrderInput = z.strictObject(
  { ids: z.array(idRef, { error: "ids must be a list of section ids" }).min(1, "ids must list each of your sections once").max(SIDEBAR_SECTIONS_MAX + 3, "ids must list each of your sections once") },
  { error: bodyError },
);
export type SidebarOrderInput = z.input<typeof sidebarOrderInput>;
