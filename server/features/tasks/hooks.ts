// tasks: one task per chat message, enforced by a unique index and reported in the documented words.
import { HttpError } from "../../errors";
import type { TableHooks } from "../../entities/policy";

export const tasksHooks: TableHooks = {
  writeError(prefix, err) {
    const e = err as { code?: string; constraint?: string };
    if (e?.code === "23505" && e.constraint === "tasks_source_message_key") return new HttpError(409, `${prefix}: a task already exists for this message`);
    return undefined;
  },
};
