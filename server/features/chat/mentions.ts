// Mentions (docs/messages.md, "Mentions and read receipts"): the server works out a message's `mentions`
// and `mentions_all` from its text (shared/mentions.ts) on every create (./post.ts, inside the
// batched insert) and every edit (messages.update, through the policy's serverFields), never from
// the body. Only people who may read the channel count: the channel read rule, the same SQL as
// everywhere (docs/architecture.md, "Policies and audiences"). @channel and @here are for
// managers and admins; anyone else is refused in words they can read, so nobody believes they
// notified a whole channel when they did not.
import { sql, type Expression, type RawBuilder } from "kysely";
import { parseMentions, type ParsedMentions } from "@shared/mentions";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { isPrivileged } from "../../auth/roles";
import { HttpError } from "../../errors";
import { channelReadableBy } from "./channels.policy";

export const MENTION_ALL_REFUSED = "Only managers and admins can mention everyone (@channel, @here)";

/** Parses a text and refuses @channel/@here from someone who may not use them. */
export function mentionsOf(user: Pick<User, "role" | "team_role">, content: string | null | undefined): ParsedMentions {
  const parsed = parseMentions(content);
  if (parsed.all && !isPrivileged(user)) throw new HttpError(403, MENTION_ALL_REFUSED);
  return parsed;
}

/**
 * The addresses of `candidates` (lower case) that belong to active people who may read the
 * channel of the outer query's `channels` row, as a text[] (sorted, so an edit that names the same
 * people stores the same array).
 */
export function mentionedReaders(candidates: Expression<string[]>): RawBuilder<string[]> {
  return sql<string[]>`array(select lower(u.email) from users u
    where lower(u.email) = any(${candidates}) and u.is_active and ${channelReadableBy(sql.ref<string>("u.email"))}
    order by 1)`;
}

/** The stored mention fields for a text in a channel (an edit: messages.update). */
export async function mentionFields(
  db: DbLike,
  user: Pick<User, "role" | "team_role">,
  channelId: number,
  content: string,
): Promise<{ mentions: string[]; mentions_all: boolean }> {
  const parsed = mentionsOf(user, content);
  if (!parsed.emails.length) return { mentions: [], mentions_all: parsed.all };
  const row = await db
    .selectFrom("channels")
    .select(mentionedReaders(sql`${sql.val(parsed.emails)}::text[]`).as("mentions"))
    .where("channels.id", "=", channelId)
    .executeTakeFirst();
  return { mentions: row?.mentions ?? [], mentions_all: parsed.all };
}
