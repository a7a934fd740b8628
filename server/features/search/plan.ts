// How a message search is served (docs/search.md, "How a search is served"): the cheapest of a
// few ways, chosen from the planner's estimates of how many messages each condition keeps. A pure
// function of those numbers, so the choice is tested without a database.
//
// - "text index": the GIN indexes (words, CJK pairs, trigrams) list every match; the read rule
//   and the filters keep the reader's; the newest are sorted out. It reads each match once, at a
//   random place in the table: cheap while matches are few, whoever may read them.
// - "time walk": the messages of every channel newest first (messages_time_idx), each checked
//   until enough match. It reads about limit / (share of messages that match) rows, in the
//   order they were written: cheap for a common word or a filter that keeps most messages.
// - "sender walk" / "channel walk": the same walk within a few senders' (from:) or channels'
//   (in:, or a reader who may read only a few) messages, one index range each.
// - "file walk": the messages with a file newest first (has:file, a partial index).
//
// Estimates assume the conditions are independent, which is wrong exactly when a word is common
// only in channels the reader cannot read: a walk would then pass the whole table finding
// nothing. So a walk reads in chunks: the first a few times its estimate, and after each, what it
// found so far says how far it still has to go; when that is more than the text index would
// read, the text index serves the rest, older than where the walk stopped. A wrong guess costs at
// most a few times the better way.

/**
 * A match fetched by the text index (a random page, then the row) costs about this many rows
 * read by a walk (in index order, the page mostly just read): measured at 10,000,000 messages,
 * about 5-6 µs against 0.6 µs (docs/search.md).
 */
export const RANDOM_READ = 8;
/** A walk's first chunk reads this many times its estimate (at least MIN_CHUNK rows). */
export const WALK_SLACK = 3;
const MIN_CHUNK = 100;
/** Each later chunk reads at most this many times the one before. */
const GROWTH = 8;
/** Fixed rows-equivalent cost of starting one index range (per sender or channel of a walk). */
const PER_RANGE = 5;
/** More senders or channels than this are not walked one by one. */
export const MAX_RANGES = 20;

export interface SearchEstimates {
  limit: number;
  /** Messages in the table. */
  total: number;
  /** Messages matching every condition: words, read rule, filters. */
  all: number;
  /** Messages matching the words and fragments alone (null: the query has none). */
  text: number | null;
  /** Messages of the senders of from: (null: no from:), and how many senders. */
  senders: { rows: number; count: number } | null;
  /** Messages of the channels to walk one by one (null: too many, or not asked), and how many. */
  channels: { rows: number; count: number } | null;
  /** Messages with a file (null: no has:file). */
  files: number | null;
  /** Messages within before:/after: (the table when neither is given). */
  inTime: number;
}

export type Strategy = "text index" | "time walk" | "sender walk" | "channel walk" | "file walk";

export interface SearchPlan {
  strategy: Strategy;
  /** For a walk: the rows its first chunk reads. */
  chunk: number;
  /** The estimated cost of each way considered, in rows read (for EXPLAIN output and tests). */
  costs: Partial<Record<Strategy, number>>;
}

/** Rows a walk over `rows` messages reads to find `limit` matches, `all` matching in total, over `ranges` index ranges. */
function walkCost(rows: number, all: number, limit: number, ranges = 1): number {
  const expected = (ranges * limit * rows) / Math.max(all, 1);
  return Math.min(rows, expected) + ranges * PER_RANGE;
}

export function choosePlan(e: SearchEstimates): SearchPlan {
  const costs: Partial<Record<Strategy, number>> = {};
  if (e.text != null) costs["text index"] = e.text * RANDOM_READ;
  costs["time walk"] = walkCost(e.inTime, e.all, e.limit);
  if (e.senders && e.senders.count <= MAX_RANGES) costs["sender walk"] = walkCost(e.senders.rows, e.all, e.limit, e.senders.count);
  if (e.channels && e.channels.count <= MAX_RANGES) costs["channel walk"] = walkCost(e.channels.rows, e.all, e.limit, e.channels.count);
  if (e.files != null) costs["file walk"] = walkCost(e.files, e.all, e.limit);
  const [strategy, cost] = (Object.entries(costs) as [Strategy, number][]).reduce((best, c) => (c[1] < best[1] ? c : best));
  const textCost = costs["text index"];
  const first = Math.max(MIN_CHUNK, Math.ceil(cost * WALK_SLACK));
  return { strategy, chunk: textCost != null ? Math.max(MIN_CHUNK, Math.min(first, Math.ceil(textCost))) : first, costs };
}

/**
 * After a chunk of a walk that found too little: the rows of the next chunk, or hand over to the
 * text index. The rate found so far (one more match than seen, so none found still ends) says
 * how many rows are left to read; the text index wins when it would read fewer.
 */
export function nextChunk(o: { limit: number; found: number; walked: number; chunk: number; textCost: number | null }): number | "text index" {
  const left = ((o.limit - o.found) * o.walked) / (o.found + 1);
  if (o.textCost != null && o.textCost < left) return "text index";
  return Math.min(o.chunk * GROWTH, Math.max(o.chunk * 2, Math.ceil(left * 1.5)));
}
