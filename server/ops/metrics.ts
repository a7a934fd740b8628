// Prometheus metrics (docs/operations.md, "Monitoring"): one registry per process, the metric set and a small
// typed API the rest of the server calls (`metrics.commandDone(...)`), so no caller touches
// prom-client or spells a metric name. Names follow Prometheus conventions: a `teamspace_`
// prefix, base units (seconds, bytes), `_total` on counters, labels with a bounded set of values.
// Gauges that read the state of a running app (sockets, pool, database counts) are filled at
// scrape time from the sources the app registers, so several apps in one process (tests) add up.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const P = "teamspace_";
// Sub-millisecond to a few seconds: pushes, commands and queries on a healthy node sit at the low end.
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What became of a socket command: done, refused by the app, malformed, over the rate limit, or refused because a dependency is away. */
export type CommandResult = "ok" | "error" | "invalid" | "rate_limited" | "unavailable";
/** Which limit refused: socket commands (per socket, per user), failed sign-ins, the costly reads of server/rate-limits.ts. */
export type RateLimit = "socket" | "user" | "login" | "search" | "unread" | "export";
export type CallMode = "mesh" | "sfu";
export type NotificationChannel = "push" | "mail";
export type Dependency = "postgres" | "redis";

new Gauge({ name: `${P}sockets_connected`, help: "Socket.IO connections open on this node", registers: [registry], collect() {
  this.set(sum(socketSources));
} });

const commands = new Counter({ name: `${P}socket_commands_total`, help: "Socket commands received, by command and result", labelNames: ["command", "result"] as const, registers: [registry] });
const commandSeconds = new Histogram({ name: `${P}socket_command_duration_seconds`, help: "Time from a socket command's arrival to its ack", labelNames: ["command"] as const, buckets: FAST_BUCKETS, registers: [registry] });
const pushes = new Counter({ name: `${P}socket_pushes_total`, help: "Events pushed to rooms by this node (one per broadcast, whatever the number of recipients)", labelNames: ["event"] as const, registers: [registry] });
const fanoutSeconds = new Histogram({ name: `${P}fanout_latency_seconds`, help: "Time from a write's commit to its push being handed to Socket.IO", labelNames: ["table"] as const, buckets: FAST_BUCKETS, registers: [registry] });
const messageRoundTrip = new Histogram({ name: `${P}message_round_trip_seconds`, help: "messages.create: time from the command's arrival to the message's push to the channel", buckets: FAST_BUCKETS, registers: [registry] });
const httpSeconds = new Histogram({ name: `${P}http_request_duration_seconds`, help: "HTTP requests by method, route pattern and status", labelNames: ["method", "route", "status"] as const, buckets: FAST_BUCKETS, registers: [registry] });
const querySeconds = new Histogram({ name: `${P}db_query_duration_seconds`, help: "Database statements by operation", labelNames: ["operation"] as const, buckets: FAST_BUCKETS, registers: [registry] });
const queryErrors = new Counter({ name: `${P}db_query_errors_total`, help: "Database statements that failed, by operation", labelNames: ["operation"] as const, registers: [registry] });
new Gauge({ name: `${P}db_pool_waiting`, help: "Requests waiting for a Postgres connection from the pool", registers: [registry], collect() {
  this.set(sum(poolSources, (p) => p.waitingCount));
} });
new Gauge({ name: `${P}db_pool_connections`, help: "Postgres connections held by the pool, by state", labelNames: ["state"] as const, registers: [registry], collect() {
  this.set({ state: "idle" }, sum(poolSources, (p) => p.idleCount));
  this.set({ state: "active" }, sum(poolSources, (p) => p.totalCount - p.idleCount));
} });
const streamLag = new Histogram({ name: `${P}redis_stream_lag_seconds`, help: "Time from an event's entry in the Redis stream to this node reading it", buckets: FAST_BUCKETS, registers: [registry] });
const publishFailures = new Counter({ name: `${P}cluster_publish_failures_total`, help: "Cross-node publishes that failed or were skipped because Redis was away", registers: [registry] });
const syncRequired = new Counter({ name: `${P}sync_required_total`, help: "sync.required notices sent to this node's sockets, by reason", labelNames: ["reason"] as const, registers: [registry] });
const rateLimited = new Counter({ name: `${P}rate_limited_total`, help: "Requests refused by a rate limit, by limit", labelNames: ["limit"] as const, registers: [registry] });
const notifications = new Counter({ name: `${P}notifications_total`, help: "Web pushes and mails sent or failed", labelNames: ["channel", "result"] as const, registers: [registry] });
const callsStarted = new Counter({ name: `${P}calls_started_total`, help: "Calls started on this node, by mode", labelNames: ["mode"] as const, registers: [registry] });
const dependencyUp = new Gauge({ name: `${P}dependency_up`, help: "Whether a dependency answered the last readiness check (1) or not (0)", labelNames: ["dependency"] as const, registers: [registry] });

// Counts the database holds for the whole deployment (every node reports the same figure: use max() across nodes).
new Gauge({ name: `${P}calls_active`, help: "Calls ringing or in progress in the deployment, by mode", labelNames: ["mode"] as const, registers: [registry], async collect() {
  const counts = await readCounts();
  for (const mode of ["mesh", "sfu"] as const) this.set({ mode }, counts?.callsActive[mode] ?? 0);
} });
new Gauge({ name: `${P}recordings`, help: "Call recordings in the deployment, by state", labelNames: ["state"] as const, registers: [registry], async collect() {
  const counts = await readCounts();
  for (const [state, n] of Object.entries(counts?.recordings ?? {})) this.set({ state }, n);
} });

/** The few figures of the pg pool the gauges read. */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Deployment-wide counts read from the database at scrape time. */
export interface DbCounts {
  callsActive: Record<CallMode, number>;
  recordings: Record<string, number>;
}

const socketSources = new Set<() => number>();
const poolSources = new Set<PoolLike>();
let countSource: (() => Promise<DbCounts>) | null = null;
let countCache: { at: number; value: Promise<DbCounts | null> } | null = null;

function sum<T>(set: Set<T>, read: (x: T) => number = (x) => (x as () => number)()): number {
  let n = 0;
  for (const x of set) n += read(x);
  return n;
}

// Scrapes come every few seconds from each scraper; the counts are read at most every 5 s and
// never hold a scrape longer than a second (Postgres may be away: the scrape still answers).
function readCounts(): Promise<DbCounts | null> {
  const now = Date.now();
  if (!countSource) return Promise.resolve(null);
  if (countCache && now - countCache.at < 5000) return countCache.value;
  const source = countSource;
  const value = Promise.race([source().catch(() => null), new Promise<null>((r) => setTimeout(() => r(null), 1000).unref())]);
  countCache = { at: now, value };
  return value;
}

const OPERATIONS = new Set(["select", "insert", "update", "delete", "with", "begin", "commit", "rollback"]);

/** The statement's kind from its first word, from a fixed set so the label stays bounded. */
export function operationOf(sqlText: string): string {
  // A leading comment (a prepared statement's mark, server/db/prepared.ts) is not the operation.
  const word = /^\s*(?:\/\*.*?\*\/\s*)*\(?\s*([a-z]+)/is.exec(sqlText)?.[1]?.toLowerCase() ?? "";
  if (word === "begin" || word === "commit" || word === "rollback" || word === "savepoint" || word === "release") return "transaction";
  return OPERATIONS.has(word) ? word : "other";
}

export const metrics = {
  /** A socket command was answered (or refused) after `seconds`. */
  commandDone(command: string, result: CommandResult, seconds?: number): void {
    commands.inc({ command, result });
    if (seconds !== undefined) commandSeconds.observe({ command }, seconds);
  },
  /** An event was pushed to rooms (counted once per broadcast). */
  pushed(event: string): void {
    pushes.inc({ event });
  },
  /** Starts timing a committed write's fan-out; call the result when its push has been handed to Socket.IO. */
  fanoutTimer(table: string): () => void {
    return fanoutSeconds.startTimer({ table }) as () => void;
  },
  /** A posted message was pushed `seconds` after its command arrived. */
  messageRoundTrip(seconds: number): void {
    messageRoundTrip.observe(seconds);
  },
  httpRequest(method: string, route: string, status: number, seconds: number): void {
    httpSeconds.observe({ method, route, status: String(status) }, seconds);
  },
  query(sqlText: string, seconds: number, failed: boolean): void {
    const operation = operationOf(sqlText);
    querySeconds.observe({ operation }, seconds);
    if (failed) queryErrors.inc({ operation });
  },
  streamLag(seconds: number): void {
    if (seconds >= 0) streamLag.observe(seconds);
  },
  publishFailed(): void {
    publishFailures.inc();
  },
  syncRequired(reason: string): void {
    syncRequired.inc({ reason });
  },
  rateLimited(limit: RateLimit): void {
    rateLimited.inc({ limit });
  },
  /** A web push or mail left (`sent`) or could not be delivered (`failed`). */
  notification(channel: NotificationChannel, result: "sent" | "failed"): void {
    notifications.inc({ channel, result });
  },
  callStarted(mode: CallMode): void {
    callsStarted.inc({ mode });
  },
  dependency(dep: Dependency, up: boolean): void {
    dependencyUp.set({ dependency: dep }, up ? 1 : 0);
  },
};

/** Adds a running app's socket count to teamspace_sockets_connected; returns the removal. */
export function addSocketSource(read: () => number): () => void {
  socketSources.add(read);
  return () => socketSources.delete(read);
}

/** Adds a Postgres pool to the pool gauges; returns the removal. */
export function addPoolSource(pool: PoolLike): () => void {
  poolSources.add(pool);
  return () => poolSources.delete(pool);
}

/** Where the deployment-wide counts come from (the app's database; the last app started wins); returns the removal. */
export function setCountSource(read: () => Promise<DbCounts>): () => void {
  countSource = read;
  countCache = null;
  return () => {
    if (countSource !== read) return;
    countSource = null;
    countCache = null;
  };
}
