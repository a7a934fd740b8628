// REST rate limits: failed sign-ins (server/auth/routes.ts) and the reads that cost the database
// most per request (docs/configuration.md: SEARCH_RATE_LIMIT, UNREAD_RATE_LIMIT,
// EXPORT_RATE_LIMIT). One person asking for them in a loop would otherwise slow everyone's
// requests on the same database. With REDIS_URL the counts are kept in Redis, so spreading
// requests over nodes gains nothing (docs/architecture.md, "Several nodes"); on one node, in memory.
import type { Request, RequestHandler, Response } from "express";
import { MemoryStore, rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import type { Logger } from "pino";
import { perContext, type AppContext } from "./context";
import { metrics } from "./ops/metrics";
import { unauthorized } from "./errors";

/** What the limits use of a node-redis client. */
interface LimitsClient {
  readonly isReady: boolean;
  sendCommand(args: string[]): Promise<RedisReply>;
}

/** The node's one Redis connection for REST limits, opened on first use; none without REDIS_URL. */
const limitsClient = perContext((ctx: AppContext): Promise<LimitsClient> | null => {
  const url = ctx.config.redisUrl;
  if (!url) return null;
  // The client library loads only where Redis is configured (a single node starts without it).
  return import("redis").then(({ createClient }) => {
    const c = createClient({ url });
    c.on("error", (err) => ctx.log.warn({ err }, "rate limit redis error"));
    c.unref();
    void c.connect().catch((err) => ctx.log.warn({ err }, "rate limit redis connect failed"));
    return {
      get isReady() {
        return c.isReady;
      },
      sendCommand: (args: string[]) => c.sendCommand(args) as Promise<RedisReply>,
    };
  });
});

/**
 * Counts in Redis (rate-limit-redis), and in this node's memory while Redis is away: a request
 * never waits in the Redis client's offline queue for its count, and a person still cannot flood
 * a node meanwhile. The same choice the socket commands' limiter makes (server/realtime/ratelimit.ts).
 */
class SharedStore implements Store {
  readonly localKeys = false;
  private local = new MemoryStore();
  private remote: RedisStore | undefined;
  private options: Options | undefined;
  private failing = false;

  constructor(
    private client: Promise<LimitsClient>,
    readonly prefix: string,
    private log: Logger,
  ) {}

  init(options: Options): void {
    this.options = options;
    this.local.init(options);
  }

  /** The Redis store while the client is connected; made again after a failure (its scripts may never have loaded). */
  private async store(): Promise<RedisStore | undefined> {
    const client = await this.client;
    if (!client.isReady || !this.options) return undefined;
    if (!this.remote) {
      this.remote = new RedisStore({ sendCommand: (...args: string[]) => client.sendCommand(args), prefix: this.prefix });
      // Its failure shows in the first increment, which then counts here instead.
      void this.remote.init(this.options).catch(() => {});
    }
    return this.remote;
  }

  private failed(err: unknown): void {
    this.remote = undefined;
    if (!this.failing) this.log.warn({ err, prefix: this.prefix }, "rate limit count failed; counting on this node until Redis answers");
    this.failing = true;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const remote = await this.store();
    if (remote) {
      try {
        const counted = await remote.increment(key);
        this.failing = false;
        return counted;
      } catch (err) {
        this.failed(err);
      }
    }
    return this.local.increment(key);
  }

  async decrement(key: string): Promise<void> {
    const remote = await this.store();
    if (remote) await remote.decrement(key).catch((err: unknown) => this.failed(err));
    else await this.local.decrement(key);
  }

  async resetKey(key: string): Promise<void> {
    const remote = await this.store();
    if (remote) await remote.resetKey(key).catch((err: unknown) => this.failed(err));
    await this.local.resetKey(key);
  }
}

/** Where a limiter keeps its counts: Redis (keys `<REDIS_PREFIX>:rl:<name>:...`) when configured, else this node's memory. */
export function limitStore(ctx: AppContext, name: string): Store | undefined {
  const client = limitsClient(ctx);
  return client ? new SharedStore(client, `${ctx.config.redisPrefix}:rl:${name}:`, ctx.log) : undefined;
}

export type CostlyRead = "search" | "unread" | "export";

const REFUSAL: Record<CostlyRead, string> = {
  search: "Too many searches",
  unread: "Too many unread count requests",
  export: "Too many exports",
};

/**
 * Whose count a request adds to: the signed-in person, or the person a route found otherwise
 * (`res.locals.limitPerson`: the owner of a calendar feed, read without signing in).
 */
function personKey(req: Request, res: Response): string {
  const id = (res.locals.limitPerson as number | undefined) ?? req.user?.id;
  if (id === undefined) throw unauthorized();
  return String(id);
}

function costlyReadLimiter(ctx: AppContext, kind: CostlyRead, perMinute: number): RequestHandler {
  return rateLimit({
    store: limitStore(ctx, kind),
    windowMs: 60_000,
    limit: perMinute,
    // RateLimit-Policy and RateLimit on every answer, Retry-After on a refusal.
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: personKey,
    handler: (_req, res) => {
      metrics.rateLimited(kind);
      const wait = Number(res.getHeader("Retry-After")) || 60;
      res.status(429).json({ error: `${REFUSAL[kind]}: try again in ${wait} second${wait === 1 ? "" : "s"}` });
    },
  });
}

/**
 * The limiters of the costly reads, one per kind and app, each a count per person shared by
 * every route of its kind: searches (GET /search, /notes/search), unread recounts (GET
 * /chat/unread, /chat/threads) and exports (the database backup, the calendar feed).
 */
export const costlyReads = perContext((ctx: AppContext): Record<CostlyRead, RequestHandler> => {
  const l = ctx.config.readRateLimits;
  return { search: costlyReadLimiter(ctx, "search", l.search), unread: costlyReadLimiter(ctx, "unread", l.unread), export: costlyReadLimiter(ctx, "export", l.export) };
});
