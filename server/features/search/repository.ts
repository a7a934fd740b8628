// Search (docs/search.md): all its SQL. Every group reads through its table's own read filter
// (docs/architecture.md, "Policies and audiences"), inside the same statement, so a row the reader
// may not read now is never found: messages only in the channels the channels policy lets the
// reader read (a message is as readable as its channel, server/features/chat/messages.policy.ts),
// tasks, notes and files through theirs.
import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database, User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { emailOf } from "../../entities/policy-helpers";
import { channelsPolicy } from "../chat/channels.policy";
import { tasksPolicy } from "../tasks/policy";
import { sharedFilesPolicy } from "../files/policy";
import { searchNotes } from "../notes/repository";
import { SEARCH_GROUP_LIMIT, type ParsedSearch, type SearchTerm } from "@shared/search";

/** A LIKE pattern that finds `text` anywhere, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The words and phrases as one tsquery for the message document (migrations/202611241410_search.ts):
 * a word matches by its english stem or as a prefix of any word; a phrase as consecutive words.
 * Words hold letters and digits only (shared/search.ts), so nothing typed is tsquery syntax.
 */
function messageTsquery(terms: SearchTerm[]): Expression<unknown> | null {
  const parts = terms.flatMap((t) => {
    if (t.kind === "word") return [sql`(plainto_tsquery('english'::regconfig, ${t.text}) || to_tsquery('simple'::regconfig, ${`${t.text}:*`}))`];
    if (t.kind === "phrase") return [sql`phraseto_tsquery('simple'::regconfig, ${t.text})`];
    return [];
  });
  return parts.length ? sql.join(parts, sql` && `) : null;
}

const substrings = (terms: SearchTerm[]) => terms.filter((t) => t.kind === "substring").map((t) => t.text);

/** Which channels are searched: those the reader may read now (the channels policy's rule), narrowed by in:. */
function channelConditions(eb: ExpressionBuilder<Database, "channels">, user: User, parsed: ParsedSearch): Expression<SqlBool> {
  const readFilter = channelsPolicy.readFilter(user);
  const all: Expression<SqlBool>[] = readFilter ? [readFilter(eb)] : [];
  if (parsed.filters.in.length) all.push(sql<SqlBool>`lower(channels.name) in (${sql.join(parsed.filters.in)})`);
  return eb.and(all);
}

function messageConditions(eb: ExpressionBuilder<Database, "messages">, parsed: ParsedSearch): Expression<SqlBool> {
  const { terms, filters } = parsed;
  const all: Expression<SqlBool>[] = [];
  const tsquery = messageTsquery(terms);
  if (tsquery) all.push(sql<SqlBool>`messages.search_doc @@ (${tsquery})`);
  for (const s of substrings(terms)) all.push(sql<SqlBool>`messages.content ilike ${containing(s)}`);
  if (filters.from.length) {
    all.push(
      eb.or(
        filters.from.map(
          (who) =>
            sql<SqlBool>`(lower(messages.sender_email) = ${who} or split_part(lower(messages.sender_email), '@', 1) = ${who} or messages.sender_name ilike ${containing(who)})`,
        ),
      ),
    );
  }
  // Days are UTC days (docs/search.md).
  if (filters.before) all.push(sql<SqlBool>`messages.created_at < ${`${filters.before}T00:00:00Z`}::timestamptz`);
  if (filters.after) all.push(sql<SqlBool>`messages.created_at >= ${`${filters.after}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (filters.hasFile) all.push(sql<SqlBool>`(messages.file_url is not null or messages.message_type <> 'text')`);
  return eb.and(all);
}

/** Words matching more messages than this are searched channel by channel (see searchMessages). */
export const COMMON_MATCHES = 2000;

/**
 * Two plans for one rule. "everywhere": the text indexes find every match, the read rule and the
 * filters keep the reader's, the newest 20 are sorted out; cheap while matches are few. "by
 * channel": in each channel the reader may read, its history index is read newest first and each
 * message checked against the stored document until 20 match; cheap for a common word, where the
 * first plan would fetch every match in channels the reader cannot read (docs/search.md).
 */
function messageSearchQuery(db: DbLike, user: User, parsed: ParsedSearch, limit: number, plan: "everywhere" | "by channel") {
  const channels = db
    .selectFrom("channels")
    .select(["channels.id", "channels.name", "channels.type"])
    .where((ceb) => channelConditions(ceb, user, parsed));
  const matches = db
    .selectFrom("messages")
    .select(["messages.id", "messages.channel_id", "messages.sender_name", "messages.sender_email", "messages.created_at", "messages.message_type", "messages.file_name", "messages.content"])
    .where((meb) => messageConditions(meb, parsed));
  if (plan === "everywhere") {
    return db
      .selectFrom(matches.as("m"))
      .innerJoin(channels.as("c"), "c.id", "m.channel_id")
      .orderBy("m.created_at", "desc")
      .orderBy("m.id", "desc")
      .limit(limit);
  }
  return db
    .selectFrom(channels.as("c"))
    .innerJoinLateral(
      matches.whereRef("messages.channel_id", "=", sql.ref("c.id")).orderBy("messages.created_at", "desc").orderBy("messages.id", "desc").limit(limit).as("m"),
      (join) => join.onTrue(),
    )
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(limit);
}

/** Whether the words and phrases match at least COMMON_MATCHES messages anywhere (a count only: nothing is read). */
async function commonWords(db: DbLike, parsed: ParsedSearch): Promise<boolean> {
  const tsquery = messageTsquery(parsed.terms);
  if (!tsquery) return false;
  const r = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from messages where messages.search_doc @@ (${tsquery}) limit ${COMMON_MATCHES}) s`.execute(db);
  return (r.rows[0]?.n ?? 0) >= COMMON_MATCHES;
}

export async function searchMessages(db: DbLike, user: User, parsed: ParsedSearch, limit = SEARCH_GROUP_LIMIT) {
  const plan = (await commonWords(db, parsed)) ? "by channel" : "everywhere";
  return messageSearchQuery(db, user, parsed, limit, plan)
    .select([
      "m.id",
      "m.channel_id",
      "c.name as channel_name",
      "c.type as channel_type",
      "m.sender_name",
      "m.sender_email",
      "m.created_at",
      "m.message_type",
      "m.file_name",
      "m.content",
    ])
    .execute();
}

/** The plan Postgres makes for a message search, for the index test. */
export async function explainMessageSearch(db: DbLike, user: User, parsed: ParsedSearch): Promise<string> {
  const plan = (await commonWords(db, parsed)) ? "by channel" : "everywhere";
  const compiled = messageSearchQuery(db, user, parsed, SEARCH_GROUP_LIMIT, plan).select("m.id").compile();
  const res = await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
  return `${plan}\n${res.rows.map((r) => r["QUERY PLAN"]).join("\n")}`;
}

/** Task titles, as words (prefixes), phrases or substrings, among the tasks the reader may read. */
export function searchTasks(db: DbLike, user: User, terms: SearchTerm[], limit = SEARCH_GROUP_LIMIT) {
  const readFilter = tasksPolicy.readFilter(user);
  return db
    .selectFrom("tasks")
    .select(["tasks.id", "tasks.title", "tasks.status"])
    .where((eb) => {
      const all: Expression<SqlBool>[] = readFilter ? [readFilter(eb)] : [];
      for (const t of terms) {
        if (t.kind === "word") all.push(sql<SqlBool>`to_tsvector('simple'::regconfig, tasks.title) @@ to_tsquery('simple'::regconfig, ${`${t.text}:*`})`);
        else if (t.kind === "phrase") all.push(sql<SqlBool>`to_tsvector('simple'::regconfig, tasks.title) @@ phraseto_tsquery('simple'::regconfig, ${t.text})`);
        else all.push(sql<SqlBool>`tasks.title ilike ${containing(t.text)}`);
      }
      return eb.and(all);
    })
    .orderBy("tasks.updated_at", "desc")
    .orderBy("tasks.id", "desc")
    .limit(limit)
    .execute();
}

/** The reader's own notes: the notes search itself (server/features/notes/repository.ts). */
export function searchNoteRows(db: DbLike, user: User, terms: SearchTerm[], limit = SEARCH_GROUP_LIMIT) {
  return searchNotes(db, emailOf(user), terms.map((t) => t.text).join(" "), limit);
}

/** File names holding every term, among the shared files the reader may read. */
export function searchFiles(db: DbLike, user: User, terms: SearchTerm[], limit = SEARCH_GROUP_LIMIT) {
  const readFilter = sharedFilesPolicy.readFilter(user);
  return db
    .selectFrom("shared_files")
    .select(["shared_files.id", "shared_files.name", "shared_files.file_url"])
    .where((eb) => eb.and([...(readFilter ? [readFilter(eb)] : []), ...terms.map((t) => sql<SqlBool>`shared_files.name ilike ${containing(t.text)}`)]))
    .orderBy("shared_files.created_at", "desc")
    .orderBy("shared_files.id", "desc")
    .limit(limit)
    .execute();
}
