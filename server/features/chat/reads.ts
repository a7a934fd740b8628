// `channel_reads.update`: the one command that moves a read position (docs/unread.md;
// docs/architecture.md, "Adding a command"). Reading moves it forward only, to the message seen
// but never past the channel's newest; "mark as unread" puts it just before the chosen message.
// The row and its change record commit together (withChanges), and the change goes to the
// owner's room `user:<id>` only, so every other tab and device of theirs clears or restores its
// badge. The REST route, the socket command and the Entity API's create and update of
// channel_reads all call this function. Unread counts are worked out from the messages that exist.
import { ENTITIES, validateCreate, validateUpdate, type ChannelRead, type ChannelUnread } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { HttpError, notFound } from "../../errors";
import { enforce } from "../../entities/policy-helpers";
import type { RowOf, TableHooks } from "../../entities/policy";
import { present } from "../../entities/present";
import { withChanges } from "../../feed/changelog";
import { readPosition, unreadPosition } from "@shared/unread";
import { channelReadsPolicy } from "./reads.policy";
import { pushReceipt } from "./receipts";
import { claimRead, findMessageIn, newestMessageId, setReadPosition, unreadCounts } from "./repository";

export interface ReadMove {
  channel_id: number;
  /** Reading: the newest message seen (0 moves nothing). Marking unread: the first unread message. */
  message_id: number;
  unread?: boolean;
}

/** The command, answering the row as the presenter shows it. */
export async function updateChannelRead(ctx: AppContext, user: User, input: ReadMove): Promise<ChannelRead> {
  return present("channel_reads", await moveRead(ctx, user, input), user);
}

/** Moves the position, then (committed) tells the members who see read receipts (./receipts.ts). */
async function moveRead(ctx: AppContext, user: User, input: ReadMove): Promise<RowOf<"channel_reads">> {
  const { row, moved } = await movePosition(ctx, user, input);
  if (moved) await pushReceipt(ctx, user, row).catch(() => undefined); // the move stands; receipts are refetched on reconnect
  return row;
}

/** The command's work, answering the stored row (what the Entity API's hooks hand back) and whether it moved. */
async function movePosition(ctx: AppContext, user: User, input: ReadMove): Promise<{ row: RowOf<"channel_reads">; moved: boolean }> {
  return withChanges(ctx, async (trx, log) => {
    enforce(await channelReadsPolicy.canCreate(user, { channel_id: input.channel_id }, trx));
    if (input.unread && !(await findMessageIn(trx, input.channel_id, input.message_id))) throw notFound("Message not found");
    const { row: current, inserted } = await claimRead(trx, user.id, input.channel_id);
    const next = input.unread
      ? unreadPosition(input.message_id)
      : readPosition(current.last_read_message_id, input.message_id, await newestMessageId(trx, input.channel_id));
    if (next === current.last_read_message_id) {
      if (inserted) log.add("channel_reads", "create", current.id, current);
      return { row: current, moved: false };
    }
    enforce(channelReadsPolicy.canUpdate(user, current, { last_read_message_id: next }));
    const after = await setReadPosition(trx, current.id, next);
    log.add("channel_reads", inserted ? "create" : "update", after.id, after, inserted ? null : current);
    return { row: after, moved: true };
  });
}

/** `GET /api/chat/unread`: every one of the reader's channels with its position and count, in one query. */
export function listUnread(ctx: AppContext, user: User): Promise<ChannelUnread[]> {
  return unreadCounts(ctx.db, user, LIMITS.unreadCountMax);
}

const failed = (prefix: string, detail: string) => new HttpError(400, `${prefix}: ${detail}`.slice(0, 315));

/** The Entity API's writes of channel_reads are the same command (reading up to the position given). */
export const channelReadsHooks: TableHooks = {
  async create(ctx, user, body) {
    const v = validateCreate(ENTITIES.channel_reads, body);
    if (!v.ok) throw failed("Insert failed", v.error);
    return moveRead(ctx, user, { channel_id: Number(v.data.channel_id), message_id: Number(v.data.last_read_message_id) });
  },
  async update(ctx, user, id, body) {
    const v = validateUpdate(ENTITIES.channel_reads, body);
    if (!v.ok) throw failed("Update failed", v.error);
    const row = await ctx.db.selectFrom("channel_reads").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
    if (!row) throw notFound();
    if (v.data.channel_id !== undefined && Number(v.data.channel_id) !== row.channel_id) throw failed("Update failed", "channel_id cannot be changed");
    return moveRead(ctx, user, { channel_id: row.channel_id, message_id: Number(v.data.last_read_message_id ?? row.last_read_message_id) });
  },
};
