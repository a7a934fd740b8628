// messages through the Entity API: posting goes through the one path the socket uses too.
import { ENTITIES, validateCreate } from "@shared/entities";
import { HttpError } from "../../errors";
import type { TableHooks } from "../../entities/policy";
import { createMessage } from "./messages";

export const messagesHooks: TableHooks = {
  async create(ctx, user, body) {
    const v = validateCreate(ENTITIES.messages, body);
    if (!v.ok) throw new HttpError(400, `Insert failed: ${v.error.slice(0, 300)}`);
    return createMessage(ctx, user, { content: "", ...v.data });
  },
};
