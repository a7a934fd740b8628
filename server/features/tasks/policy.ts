// tasks: seen and changed by their assignees, their creator, managers and admins. A task made
// from a chat message is a manager's tool, and only in the documented triage channels.
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { isPrivileged } from "../../auth/roles";
import { HttpError, notFound } from "../../errors";
import { TASK_CHANNELS } from "@shared/constants";
import { canReadChannel } from "../chat/channels.policy";
import { emailOf, listContains, listHas, sameEmail } from "../../entities/policy-helpers";
import type { RowOf, TablePolicy } from "../../entities/policy";
import { emailRooms, readsByAudience } from "../../entities/audience";
import { rooms } from "@shared/realtime";
import { findMessageWithChannel, findTaskBySourceMessage } from "./repository";

type TaskAccess = Pick<RowOf<"tasks">, "assignee_email" | "assignee_emails" | "created_by">;

export function isTaskPerson(user: User, row: TaskAccess): boolean {
  const me = emailOf(user);
  return sameEmail(row.assignee_email, me) || listHas(row.assignee_emails, me) || sameEmail(row.created_by, me);
}

const canTouch = (user: User, row: TaskAccess) => isPrivileged(user) || isTaskPerson(user, row);

const audience = (row: TaskAccess) => [rooms.staff, ...emailRooms([row.assignee_email, ...row.assignee_emails, row.created_by])];

async function sourceMessage(db: DbLike, user: User, messageId: number) {
  const msg = await findMessageWithChannel(db, messageId);
  if (!msg || !canReadChannel(user, msg)) throw notFound("Message not found");
  return msg;
}

export const tasksPolicy: TablePolicy<"tasks"> = {
  readFilter(user) {
    if (isPrivileged(user)) return null;
    const me = emailOf(user);
    return (eb) => eb.or([eb("tasks.assignee_email", "=", me), listContains(eb, "tasks.assignee_emails", me), eb("tasks.created_by", "=", me)]);
  },
  audience,
  canRead: readsByAudience(audience),
  async canCreate(user, input, db) {
    if (input.source_message_id == null) return true;
    const msg = await sourceMessage(db, user, Number(input.source_message_id));
    if (!(TASK_CHANNELS as readonly string[]).includes(msg.name) || !isPrivileged(user)) return false;
    const existing = await findTaskBySourceMessage(db, msg.id);
    if (existing) throw new HttpError(409, "Insert failed: a task already exists for this message");
    return true;
  },
  canUpdate: (user, row) => canTouch(user, row),
  canDelete: canTouch,
  serverFields: {
    async create(user, input, db) {
      const me = emailOf(user);
      let emails = (input.assignee_emails as string[] | undefined) ?? [];
      // The documented legacy single assignee: the first assignee, or the current user.
      const single = (input.assignee_email as string | undefined) ?? emails[0] ?? me;
      if (emails.length === 0) emails = [single];
      const fields: Record<string, unknown> = { created_by: me, assignee_email: single, assignee_emails: emails };
      if (input.source_message_id != null) {
        fields.source_channel_id = (await sourceMessage(db, user, Number(input.source_message_id))).channel_id;
      } else {
        fields.source_channel_id = null;
      }
      return fields;
    },
    update(_user, row, changes) {
      if (!("assignee_emails" in changes) && !("assignee_email" in changes)) return {};
      const emails = (changes.assignee_emails as string[] | undefined) ?? row.assignee_emails;
      if (emails.length === 0) throw new HttpError(400, "Update failed: At least one assignee is required.");
      if ("assignee_email" in changes && changes.assignee_email) return {};
      return { assignee_email: emails[0] };
    },
  },
};
