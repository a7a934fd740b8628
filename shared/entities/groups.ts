// User groups (docs/groups.md): a named set of people with a handle, `@design`, that mentions its
// members who may read the channel. Managers and admins keep them (`groups.create`,
// `groups.update`, `groups.delete`); everyone reads them. `source` says who keeps the members:
// `local` groups are edited here, `directory` groups will be filled by a directory sync.
import { z } from "zod";
import { GROUP_HANDLE, RESERVED_HANDLES } from "../mentions";
import { requiredText, text } from "./fields";
import { defineEntity, rowBase } from "./define";

export const GROUP_SOURCES = ["local", "directory"] as const;
export const GROUP_NAME_MAX = 80;

/** A handle as typed (an `@` in front is dropped), stored lower case. */
export const groupHandle = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().replace(/^@/, "").toLowerCase() : v),
  z
    .string({ error: "handle is required" })
    .min(1, "handle is required")
    .regex(GROUP_HANDLE, "handle: 2 to 40 letters, digits, - or _, starting and ending with a letter or digit")
    .refine((h) => !(RESERVED_HANDLES as readonly string[]).includes(h), "handle: @channel, @here, @everyone and @all are taken"),
);

export const groups = defineEntity({
  table: "groups",
  input: {
    name: requiredText("name", GROUP_NAME_MAX),
    handle: groupHandle,
    description: text(500),
    source: z.enum(GROUP_SOURCES, { error: "source must be local or directory" }),
  },
  required: ["name", "handle"],
  nullable: ["description"],
  serverSet: ["created_by"],
  createOnly: ["source"],
  row: z.object({
    ...rowBase,
    name: z.string(),
    /** Lower case, without the `@`; unique. */
    handle: z.string(),
    description: z.string().nullable(),
    source: z.enum(GROUP_SOURCES),
    created_by: z.string().nullable(),
  }),
  instants: [],
  internal: z.object({}),
  filters: { id: "int", name: "text", handle: "text", source: "text", created_by: "email" },
});

export type Group = z.infer<typeof groups.row>;
