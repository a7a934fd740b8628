// What a message search asks for, made concrete (docs/search.md, "How a search is served"): the
// channels the reader may read and the senders of from: as ids, and each condition on the text in
// two forms, one an index serves and one none does (messages.ts chooses which, term by term).
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { containing } from "../../entities/query";
import { channelsPolicy } from "../chat/channels.policy";
import { cjkRuns, INNER_SYMBOL, type ParsedSearch, type SearchTerm } from "@shared/search";

export type Cond = RawBuilder<SqlBool>;

/** A search made concrete: ids instead of names, each condition by what serves it. */
export interface Resolved {
  /** Channels the reader may read, narrowed by in: (null: every channel, nothing to check). */
  channels: number[] | null;
  /** Accounts of from: (null: no from:). */
  senders: number[] | null;
  /** Conditions the text indexes serve: words, phrases, CJK pairs, fragments. */
  text: TextCond[];
  /** before:/after:. */
  time: Cond[];
  files: Cond | null;
}

/**
 * A CJK run as a tsquery on the document's character pairs (migrations/202611280900_search_at_scale.ts):
 * one character is a prefix of the pairs starting with it; longer runs, their pairs one after the other.
 */
function cjkQuery(run: string): RawBuilder<unknown> {
  const chars = [...run];
  if (chars.length === 1) return sql`to_tsquery('simple'::regconfig, ${`${chars[0]}:*`})`;
  const pairs = chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
  return sql`phraseto_tsquery('simple'::regconfig, ${pairs.join(" ")})`;
}

/**
 * A condition on the text: as an index condition (null: none serves it) and as the same test
 * written so that no index serves it, for the terms that the text index step checks on the rows
 * its rarest terms found rather than reading their own long lists.
 */
export interface TextCond {
  index: Cond | null;
  filter: Cond;
  /** The tsquery matched against the document, for ranking by relevance. */
  tsquery?: RawBuilder<unknown>;
}

const matchDoc = (q: RawBuilder<unknown>): TextCond => ({ index: sql<SqlBool>`messages.search_doc @@ (${q})`, filter: sql<SqlBool>`ts_match_vq(messages.search_doc, ${q})`, tsquery: q });

function textConditions(terms: SearchTerm[]): TextCond[] {
  return terms.flatMap((t): TextCond[] => {
    if (t.kind === "word") return [matchDoc(sql`plainto_tsquery('english'::regconfig, ${t.text}) || to_tsquery('simple'::regconfig, ${`${t.text}:*`})`)];
    if (t.kind === "phrase") return [matchDoc(sql`phraseto_tsquery('simple'::regconfig, ${t.text})`)];
    // A fragment is found as written. Each of its pieces holding a symbol lies in a token of the
    // text holding one, which the trigram index of such tokens finds; its CJK runs, the pairs.
    const runs = cjkRuns(t.text).map((run) => matchDoc(cjkQuery(run)));
    const pieces = t.text.split(/\s+/).filter((p) => INNER_SYMBOL.test(p));
    const symbols = pieces.map((p): TextCond => {
      const like = sql<SqlBool>`messages.search_symbols ilike ${containing(p)}`;
      return { index: like, filter: sql<SqlBool>`(${like}) is true` };
    });
    return [...runs, ...symbols, { index: null, filter: sql<SqlBool>`messages.content ilike ${containing(t.text)}` }];
  });
}

export const indexForms = (text: TextCond[]) => text.map((c) => c.index ?? c.filter);

export async function resolve(db: DbLike, user: User, parsed: ParsedSearch): Promise<Resolved> {
  const { filters } = parsed;
  const readFilter = channelsPolicy.readFilter(user);
  let channels: number[] | null = null;
  if (readFilter || filters.in.length) {
    let q = db.selectFrom("channels").select("channels.id");
    if (readFilter) q = q.where((eb) => readFilter(eb));
    if (filters.in.length) q = q.where(sql<SqlBool>`lower(channels.name) in (${sql.join(filters.in)})`);
    channels = (await q.execute()).map((r) => r.id);
  }
  let senders: number[] | null = null;
  if (filters.from.length) {
    // An address, its local part, or part of a name (docs/search.md), among the accounts.
    const rows = await db
      .selectFrom("users")
      .select("users.id")
      .where((eb) =>
        eb.or(
          filters.from.map((who) =>
            eb.or([
              sql<SqlBool>`lower(users.email) = ${who}`,
              sql<SqlBool>`split_part(lower(users.email), '@', 1) = ${who}`,
              sql<SqlBool>`users.full_name ilike ${containing(who)}`,
            ]),
          ),
        ),
      )
      .execute();
    senders = rows.map((r) => r.id);
  }
  const time: Cond[] = [];
  // Days are UTC days (docs/search.md).
  if (filters.before) time.push(sql<SqlBool>`messages.created_at < ${`${filters.before}T00:00:00Z`}::timestamptz`);
  if (filters.after) time.push(sql<SqlBool>`messages.created_at >= ${`${filters.after}T00:00:00Z`}::timestamptz + interval '1 day'`);
  // The same predicate as messages_files_time_idx, so the planner may use it.
  const files = filters.hasFile ? sql<SqlBool>`(messages.file_url is not null or messages.message_type <> 'text')` : null;
  return { channels, senders, text: textConditions(parsed.terms), time, files };
}

export const channelCond = (ids: number[]) => sql<SqlBool>`messages.channel_id = any(${ids}::int[])`;
export const senderCond = (ids: number[]) => sql<SqlBool>`messages.sender_id = any(${ids}::int[])`;

/** Every condition a found message meets: the read rule, the filters, the words; a deleted root's placeholder never. */
export function allConditions(r: Resolved, text: Cond[] = indexForms(r.text)): Cond[] {
  return [
    sql<SqlBool>`messages.deleted_at is null`,
    ...(r.channels ? [channelCond(r.channels)] : []),
    ...(r.senders ? [senderCond(r.senders)] : []),
    ...r.time,
    ...(r.files ? [r.files] : []),
    ...text,
  ];
}

export const and = (conds: Cond[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);
export const NEWEST = sql`messages.created_at desc, messages.id desc`;
