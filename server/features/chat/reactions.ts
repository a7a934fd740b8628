// `message_reactions.create` (README, "Reactions and edits"), REST and socket alike: the Entity
// API's create for this table (./hooks.ts). Reactions arriving together are committed as one
// transaction (group commit, ./group-commit.ts; docs/architecture.md, "The write path"): one
// statement inserts those whose person may read the message's channel, checked against the
// database at that moment, and one stores their change records. The answers are the single
// create's: "Message not found" for a message one may not read, 409 for a reaction one already
// has, including a second identical one in the same batch (the first one asked wins).
import { ENTITIES, validateCreate } from "@shared/entities";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { HttpError, fromDbError, notFound } from "../../errors";
import { emailOf } from "../../entities/policy-helpers";
import { ChangeLog, publishChanges } from "../../feed/changelog";
import { GroupCommit, perContext, type Job } from "./group-commit";
import { REACTION_EXISTS, insertReactionsWhere, type ReactionRow } from "./repository";

type NewReaction = { message_id: number; emoji: string; user_email: string };

const failed = (detail: string, status = 400) => new HttpError(status, `Insert failed: ${detail}`.slice(0, 315));

/** Validates a body as the Entity API does, then stores it with the reactions arriving with it. */
export function createReaction(ctx: AppContext, user: User, body: unknown): Promise<ReactionRow> {
  const v = validateCreate(ENTITIES.message_reactions, body);
  if (!v.ok) throw failed(v.error);
  const d = v.data as { message_id: number; emoji: string };
  return reactionsFor(ctx).submit({ message_id: Number(d.message_id), emoji: d.emoji, user_email: emailOf(user) });
}

const reactionsFor = perContext((ctx: AppContext) => new GroupCommit<NewReaction, ReactionRow>((jobs) => commitReactions(ctx, jobs)));

async function commitReactions(ctx: AppContext, jobs: Job<NewReaction, ReactionRow>[]): Promise<void> {
  const log = new ChangeLog();
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const out = await insertReactionsWhere(
        trx,
        jobs.map((j) => j.input),
      );
      // Identical inputs all name the one row made for them: one record for it.
      const made = new Map<number, ReactionRow>();
      for (const o of out) if (!o.unreadable && o.row) made.set(o.row.id, o.row);
      for (const row of made.values()) log.add("message_reactions", "create", row.id, row);
      await log.write(trx);
      return out;
    })
    .catch((err: unknown) => {
      // Alone, a refusal of the database is told as the Entity API tells it; in a batch, each is tried alone.
      const mapped = jobs.length === 1 ? fromDbError(err) : null;
      throw mapped ? failed(mapped.message, mapped.status) : err;
    });
  publishChanges(ctx, log.changes);
  const given = new Set<number>();
  outcome.forEach((o, i) => {
    if (o.unreadable) return jobs[i].reject(notFound("Message not found"));
    if (o.row && !given.has(o.row.id)) {
      given.add(o.row.id);
      return jobs[i].resolve(o.row);
    }
    jobs[i].reject(failed(REACTION_EXISTS, 409));
  });
}
