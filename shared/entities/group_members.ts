// The people of a user group (docs/groups.md), one row each: added with `group_members.create`
// and removed with `group_members.delete` by managers and admins; read by everyone. A person is
// named by e-mail, as rows name people everywhere.
import { z } from "zod";
import { email, idRef } from "./fields";
import { defineEntity, rowBase } from "./define";

export const groupMembers = defineEntity({
  table: "group_members",
  input: {
    group_id: idRef,
    user_email: email,
  },
  required: ["group_id", "user_email"],
  nullable: [],
  serverSet: ["created_by"],
  createOnly: ["group_id", "user_email"],
  row: z.object({
    ...rowBase,
    group_id: z.number().int(),
    /** Lower case. */
    user_email: z.string(),
    created_by: z.string().nullable(),
  }),
  instants: [],
  internal: z.object({}),
  filters: { id: "int", group_id: "int", user_email: "email" },
});

export type GroupMember = z.infer<typeof groupMembers.row>;
