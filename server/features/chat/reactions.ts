// `message_reactions.create` (docs/messages.md, "Reactions and edits"), REST and socket alike: the Entity
// API's create for this table (./hooks.ts). Reactions arriving together are committed as one
// statement (group commit, ./group-commit.ts; docs/architecture.md, "The write path") that inserts
// those whose person may read the message's channel, checked against the database at that moment,
// and stores their change records, as new messages are (./post.ts). The answers are the single
// create's: "Message not found" for a message one may not read, 409 for a reaction one already
// has, including a second identical one in the same batch (the first one asked wins).
import { ENTITIES, validateCreate } from "@shared/entities";
import { perContext, type AppContext } from "../../context";
import type { User } from "../../db/schema";
import { HttpError, fromDbError, notFound } from "../../errors";
import { emailOf } from "../../entities/policy-helpers";
import { withStatementChanges } from "../../feed/changelog";
import { GroupCommit, type Job } from "./group-commit";
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
  // One statement: the reactions and their records (docs/architecture.md, "The write path").
  const outcome = await withStatementChanges(ctx, (db, log) => insertReactionsWhere(db, log, jobs.map((j) => j.input))).catch((err: unknown) => {
    // Alone, a refusal of the database is told as the Entity API tells it; in a batch, each is tried alone.
    const mapped = jobs.length === 1 ? fromDbError(err) : null;
    throw mapped ? failed(mapped.message, mapped.status) : err;
  });
  // Committed and pushed: identical inputs all name the one row made for them, given to the first.
  const given = new Set<number>();
  outcome.forEach((o, i) => {
    if (o.unreadable) return jobs[i].reject(notFound("Message not found"));
    if (o.made && !given.has(o.made.id)) {
      given.add(o.made.id);
      return jobs[i].resolve(o.made);
    }
    jobs[i].reject(failed(REACTION_EXISTS, 409));
  });
}
