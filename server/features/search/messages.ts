// Message search (docs/search.md, "How a search is served"). The reader's channels, senders and
// words are first turned into ids and index conditions; the planner's estimates then choose how
// to list the newest matches (plan.ts); whichever way is taken, every condition, the read rule
// among them, is in the statement that finds the rows, so each way gives the same answer.
import { CompiledQuery, sql, type RawBuilder, type SqlBool } from "kysely";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { SEARCH_GROUP_LIMIT, type SearchSort, type ParsedSearch } from "@shared/search";
import { allConditions, and, channelCond, NEWEST, resolve, senderCond, type Cond, type Resolved, type TextCond } from "./conditions";
import { choosePlan, MAX_RANGES, nextChunk, type SearchEstimates, type SearchPlan, type Strategy } from "./plan";

/** The planner's estimate of the rows meeting `conds` (planning only: nothing is read). */
async function estimate(db: DbLike, conds: Cond[]): Promise<number> {
  const c = sql`explain (format json) select 1 from messages where ${and(conds)}`.compile(db);
  const res = await db.executeQuery<{ "QUERY PLAN": unknown }>(c);
  const raw = res.rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: { "Plan Rows": number } }>;
  return plan[0].Plan["Plan Rows"];
}

/**
 * Reading one entry of an index's list of matches (into the bitmap the text index step builds)
 * costs about this fraction of fetching a row: 0.36 µs against 5-6 µs, measured at 10,000,000.
 */
const LIST_VS_ROW = 16;

/**
 * What the text index step reads by index: the rarest term, then each term whose list costs less
 * to read than the rows it spares fetching (a common word's long prefix list costs more to read
 * than to check on the few rows the rare ones find); the others become filters. `rows`: the
 * matches it fetches, plus the lists it reads, in rows' worth.
 */
async function textStep(db: DbLike, run: Run, text: TextCond[], total: number): Promise<{ conds: Cond[]; rows: number; correction: number } | null> {
  const indexed = text.filter((c) => c.index);
  if (!indexed.length) return null;
  const estimated = await Promise.all(indexed.map((c) => estimate(db, [c.index!])));
  // The statistics know the frequent words; any other is guessed at a fixed share of the table
  // (what a word nobody wrote is guessed at), which for a rare word is far too many. Those are
  // counted instead, up to COUNT_UP_TO: the index's list and that many rows.
  const guess = 2.5 * (await estimate(db, [sql<SqlBool>`messages.search_doc @@ to_tsquery('simple'::regconfig, 'qqzzxxnotaword')`]));
  const rows: number[] = [];
  for (const [i, c] of indexed.entries()) rows.push(estimated[i] <= guess ? await countUpTo(db, run, c.index!, estimated[i]) : estimated[i]);
  const correction = rows.reduce((f, n, i) => f * (Math.max(n, 1) / Math.max(estimated[i], 1)), 1);
  const order = indexed.map((c, i) => ({ c, n: Math.max(rows[i], 1) })).sort((a, b) => a.n - b.n);
  const drivers = new Set([order[0].c]);
  let fetched = order[0].n;
  let lists = order[0].n;
  for (const { c, n } of order.slice(1)) {
    const share = Math.min(n / Math.max(total, 1), 1);
    if (n / LIST_VS_ROW >= fetched * (1 - share)) continue;
    drivers.add(c);
    fetched *= share;
    lists += n;
  }
  const conds = text.map((c) => (drivers.has(c) ? c.index! : c.filter));
  return { conds, rows: fetched + lists / LIST_VS_ROW, correction };
}

/** A term the statistics can only guess at is counted up to this many messages. */
const COUNT_UP_TO = 500;

/** The messages meeting `cond`, counted to COUNT_UP_TO; past it, the larger of that and the estimate. */
async function countUpTo(db: DbLike, run: Run, cond: Cond, estimated: number): Promise<number> {
  const r = await run<{ n: number }>({
    what: "count",
    walk: false,
    query: sql`select count(*)::int as n from (select 1 from messages where ${cond} limit ${COUNT_UP_TO + 1}) s`.compile(db),
  });
  const n = r[0]?.n ?? 0;
  return n > COUNT_UP_TO ? Math.max(n, estimated) : n;
}

/** Messages in the table, from the statistics (planning a count if there are none yet). */
async function tableRows(db: DbLike): Promise<number> {
  const stats = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = 'messages' and relkind = 'r'`.execute(db);
  const reltuples = Number(stats.rows[0]?.n ?? -1);
  return reltuples > 0 ? reltuples : estimate(db, []);
}

async function estimates(db: DbLike, r: Resolved, total: number, step: { rows: number; correction: number } | null, limit: number): Promise<SearchEstimates> {
  // Channels are walked one by one only when few: those of in:, or all a reader may read who may read few.
  const walkChannels = r.channels && r.channels.length <= MAX_RANGES ? r.channels : null;
  return {
    limit,
    total,
    all: (await estimate(db, allConditions(r))) * (step?.correction ?? 1),
    text: step ? step.rows : null,
    senders: r.senders ? { rows: await estimate(db, [senderCond(r.senders)]), count: r.senders.length } : null,
    channels: walkChannels ? { rows: await estimate(db, [channelCond(walkChannels)]), count: walkChannels.length } : null,
    files: r.files ? await estimate(db, [r.files]) : null,
    inTime: r.time.length ? await estimate(db, r.time) : total,
  };
}

/** A message's place in the newest-first order, as a condition: older than message `id`. */
const olderThan = (id: number) => sql<SqlBool>`(messages.created_at, messages.id) < (select b.created_at, b.id from messages b where b.id = ${id})`;

/** The messages a walk reads, newest first, older than `after` if given: one index range, or several merged. */
function stream(r: Resolved, strategy: Exclude<Strategy, "text index">, after: number | null): RawBuilder<unknown> {
  const ranges: Cond[][] =
    strategy === "sender walk" ? r.senders!.map((id) => [sql<SqlBool>`messages.sender_id = ${id}`])
    : strategy === "channel walk" ? r.channels!.map((id) => [sql<SqlBool>`messages.channel_id = ${id}`])
    : strategy === "file walk" ? [[r.files!]]
    : [[]];
  const from = after == null ? [] : [olderThan(after)];
  const branches = ranges.map((range) => sql`(select messages.* from messages where ${and([...range, ...r.time, ...from])} order by ${NEWEST})`);
  return sql`(${sql.join(branches, sql` union all `)})`;
}

interface Step {
  what: string;
  /** A walk reads an index in its order; the text index step reads GIN bitmaps. */
  walk: boolean;
  query: CompiledQuery;
}

/** Ids of the newest matches, by `plan`; `run` executes (or explains) each statement. */
async function find(db: DbLike, r: Resolved, plan: SearchPlan, textConds: Cond[] | null, limit: number, run: (s: Step) => Promise<Array<{ id: number }>>): Promise<number[]> {
  const all = allConditions(r);
  const forText = textConds ? allConditions(r, textConds) : all;
  const byText = (extra: Cond[], n: number) =>
    run({
      what: "text index",
      walk: false,
      // Materialized: the text indexes list the matches, whatever the planner would guess.
      query: sql`with m as materialized (select messages.id, messages.created_at from messages where ${and([...forText, ...extra])})
        select m.id from m order by m.created_at desc, m.id desc limit ${n}`.compile(db),
    });
  if (plan.strategy === "text index") return (await byText([], limit)).map((x) => x.id);
  const strategy = plan.strategy;
  const ids: number[] = [];
  let after: number | null = null;
  let chunk = plan.chunk;
  let walked = 0;
  for (;;) {
    // A chunk: the stream's next `chunk` rows (its limit comes before the conditions, so the
    // walk reads no more, and the planner keeps to the index order), checked until enough match.
    const source = stream(r, strategy, after);
    const rows = await run({
      what: `${strategy}, at most ${chunk} rows${after == null ? "" : ` older than message ${after}`}`,
      walk: true,
      query: sql`select messages.id from (select * from ${source} messages order by ${NEWEST} limit ${chunk}) messages
        where ${and(all)} order by ${NEWEST} limit ${limit - ids.length}`.compile(db),
    });
    ids.push(...rows.map((x) => x.id));
    if (ids.length >= limit) return ids;
    const last = await run({
      what: "where the chunk ended",
      walk: true,
      query: sql`select messages.id from ${source} messages order by ${NEWEST} offset ${chunk - 1} limit 1`.compile(db),
    });
    if (!last.length) return ids;
    after = last[0].id;
    walked += chunk;
    const next = nextChunk({ limit, found: ids.length, walked, chunk, textCost: plan.costs["text index"] ?? null });
    if (next === "text index") {
      // The words are rarer here than the estimates said: the text index finds the rest, older
      // than where the walk stopped (as a filter: that index must not be the time index).
      const older = sql<SqlBool>`(${olderThan(after)}) is true`;
      return [...ids, ...(await byText([older], limit - ids.length)).map((x) => x.id)];
    }
    chunk = next;
  }
}

async function plannedSearch(db: DbLike, run: Run, user: User, parsed: ParsedSearch, limit: number, force?: Strategy) {
  const r = await resolve(db, user, parsed);
  if ((r.channels && !r.channels.length) || (r.senders && !r.senders.length)) return null;
  const total = await tableRows(db);
  const step = await textStep(db, run, r.text, total);
  const e = await estimates(db, r, total, step, limit);
  const plan = choosePlan(e);
  if (force && force !== plan.strategy) {
    if (force === "text index" && !step) throw new Error("text index: the query has no words");
    plan.strategy = force;
  }
  return { r, plan, textConds: step?.conds ?? null };
}

type Run = <R = { id: number }>(step: Step) => Promise<R[]>;
const TEXT_WORK_MEM = "32MB";

/**
 * Runs a search's statements in one transaction, each planned the way the plan says: a walk must
 * follow its index in order (a channel or a sender whose size the statistics underestimate would
 * otherwise be read whole by a bitmap and sorted), the text index step must use its bitmaps.
 */
async function inPlan<T>(db: DbLike, body: (run: Run, trx: DbLike) => Promise<T>): Promise<T> {
  const go = async (trx: DbLike) => {
    let walking: boolean | null = null;
    let workMem: string | null = null;
    // A walk: no sort, no bitmap, no sequential scan. The text index step (and a count): bitmaps,
    // never a sequential scan, with memory enough to keep a bitmap exact for tens of thousands of
    // matches (a lossy one rechecks whole pages).
    const setPlanner = (walk: boolean | null, mem: string) =>
      sql`select set_config('enable_sort', ${walk ? "off" : "on"}, true), set_config('enable_bitmapscan', ${walk ? "off" : "on"}, true),
        set_config('enable_seqscan', ${walk == null ? "on" : "off"}, true), set_config('work_mem', ${mem}, true)`.execute(trx);
    const run: Run = async <R,>(step: Step) => {
      if (walking !== step.walk) {
        workMem ??= (await sql<{ m: string }>`select current_setting('work_mem') as m`.execute(trx)).rows[0].m;
        await setPlanner(step.walk, step.walk ? workMem : TEXT_WORK_MEM);
      }
      walking = step.walk;
      return (await trx.executeQuery<R>(step.query)).rows;
    };
    try {
      return await body(run, trx);
    } finally {
      // Within a caller's transaction, leave the planner as it was.
      if (workMem != null) await setPlanner(null, workMem);
    }
  };
  return db.isTransaction ? go(db) : db.transaction().execute(go);
}

/** Relevance ranks this many of the newest matches. */
export const RELEVANCE_POOL = 200;

export interface SearchOptions {
  limit?: number;
  sort?: SearchSort;
  /** Serve it this way whatever the estimates say (tests: every way gives the same answer). */
  force?: Strategy;
}

/** The messages the reader may read that match, with their channel's name and type. */
export async function searchMessages(db: DbLike, user: User, parsed: ParsedSearch, opts: SearchOptions = {}) {
  const limit = opts.limit ?? SEARCH_GROUP_LIMIT;
  const found = await inPlan(db, async (run, trx) => {
    const planned = await plannedSearch(trx, run, user, parsed, limit, opts.force);
    if (!planned) return null;
    const queries = planned.r.text.flatMap((c) => (c.tsquery ? [c.tsquery] : []));
    const ranked = opts.sort === "relevance" && queries.length > 0;
    return { queries, ranked, ids: await find(trx, planned.r, planned.plan, planned.textConds, ranked ? RELEVANCE_POOL : limit, run) };
  });
  if (!found) return [];
  const { queries, ranked } = found;
  let ids = found.ids;
  if (ranked && ids.length) {
    // ts_rank_cd: how often and how close together the words occur; ties newest first.
    const q = sql.join(queries.map((x) => sql`(${x})`), sql` && `);
    const rows = await sql<{ id: number }>`select messages.id from messages where messages.id = any(${ids}::int[])
      order by ts_rank_cd(messages.search_doc, ${q}) desc, ${NEWEST} limit ${limit}`.execute(db);
    ids = rows.rows.map((x) => x.id);
  }
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .select(["messages.id", "messages.channel_id", "channels.name as channel_name", "channels.type as channel_type", "messages.sender_name", "messages.sender_email", "messages.created_at", "messages.message_type", "messages.file_name", "messages.content"])
    .where("messages.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((m) => [m.id, m]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How a search is served: the way chosen and its estimated costs, then each statement's plan
 * (with `analyze`, as run, with rows and buffers read). For tests and `npm run bench`.
 */
export async function explainMessageSearch(db: DbLike, user: User, parsed: ParsedSearch, opts: { analyze?: boolean; force?: Strategy } = {}): Promise<string> {
  const explain = opts.analyze ? "explain (analyze, buffers)" : "explain";
  return inPlan(db, async (run, trx) => {
    const planned = await plannedSearch(trx, run, user, parsed, SEARCH_GROUP_LIMIT, opts.force);
    if (!planned) return "nothing to read (no readable channel or no such sender)";
    const { plan } = planned;
    const out = [`${plan.strategy}${plan.strategy !== "text index" ? ` (first ${plan.chunk} rows)` : ""}`, `costs ${JSON.stringify(plan.costs)}`];
    await find(trx, planned.r, plan, planned.textConds, SEARCH_GROUP_LIMIT, async (s) => {
      const res = await run<{ "QUERY PLAN": string }>({ ...s, query: CompiledQuery.raw(`${explain} ${s.query.sql}`, [...s.query.parameters]) });
      out.push(`-- ${s.what}`, ...res.map((row) => row["QUERY PLAN"]));
      // Explaining returns no rows: also run it, so the steps after it are the ones a search takes.
      return run(s);
    });
    return out.join("\n");
  });
}
