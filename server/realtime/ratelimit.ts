// Command rate limit: one client flooding commands must not slow everyone else's pushes. A token
// bucket per socket is checked first (in memory, no I/O, so a flood is refused at no cost); with
// Redis a second bucket per user, shared by every node, stops a user from multiplying the limit
// by opening sockets on several nodes.
import type { RedisClient } from "../features/presence/store";
import type { Logger } from "pino";

export const TOO_MANY_REQUESTS = "Too many requests";

export interface RateOptions {
  perSec: number;
  burst: number;
}

/** An in-memory token bucket; cheap enough to keep one per socket. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(private opts: RateOptions, now = Date.now()) {
    this.tokens = opts.burst;
    this.at = now;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.opts.burst, this.tokens + ((now - this.at) / 1000) * this.opts.perSec);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

// Redis' clock, not the nodes', so nodes with skewed clocks share one bucket fairly.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil or at == nil then tokens = burst; at = now end
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local ok = 0
if tokens >= 1 then tokens = tokens - 1; ok = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.min(86400000, math.ceil(burst / rate * 1000) + 1000))
return ok`;

/**
 * Per-user buckets in Redis, one atomic script call per command. While Redis is away the same
 * bucket is kept per user on this node instead: the check never waits for a reconnect (a command
 * would otherwise sit in the Redis client's offline queue), and a user still cannot flood.
 */
export class RedisRateLimiter {
  private local = new Map<number, TokenBucket>();
  private failing = false;

  constructor(
    private client: RedisClient,
    private prefix: string,
    private opts: RateOptions,
    private log: Logger,
  ) {}

  async take(userId: number): Promise<boolean> {
    if (!this.client.isReady) return this.takeLocally(userId);
    try {
      const ok = await this.client.eval(TAKE, { keys: [`${this.prefix}:${userId}`], arguments: [String(this.opts.perSec), String(this.opts.burst)] });
      this.failing = false;
      return Number(ok) === 1;
    } catch (err) {
      if (!this.failing) this.log.warn({ err }, "rate limit check failed; limiting per node until Redis answers");
      this.failing = true;
      return this.takeLocally(userId);
    }
  }

  private takeLocally(userId: number): boolean {
    let bucket = this.local.get(userId);
    if (!bucket) {
      // Bounded: an outage with many users forgets the oldest buckets rather than growing.
      if (this.local.size >= 50_000) this.local.clear();
      this.local.set(userId, (bucket = new TokenBucket(this.opts)));
    }
    return bucket.take();
  }
}
