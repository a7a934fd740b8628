// messages through the Entity API: posting goes through the one path the socket uses too;
// channels: a second dm between the same people is refused in words a client can show.
import { HttpError } from "../../errors";
import type { TableHooks } from "../../entities/policy";
import { messageInput, postMessage } from "./post";
import { DM_EXISTS, DM_MEMBERS_KEY } from "./repository";

export const messagesHooks: TableHooks = {
  create: (ctx, user, body) => postMessage(ctx, user, messageInput(body)),
};

/** channels: one dm per pair of people, enforced by a unique index (migrations/202611231300_dm_pairs.ts). */
export const channelsHooks: TableHooks = {
  writeError(prefix, err) {
    const e = err as { code?: string; constraint?: string };
    if (e?.code === "23505" && e.constraint === DM_MEMBERS_KEY) return new HttpError(409, `${prefix}: ${DM_EXISTS}`);
    return undefined;
  },
};
