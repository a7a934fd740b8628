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

/** Per-user buckets in Redis, one atomic script call per command. */
export class RedisRateLimiter {
  constructor(
    private client: RedisClient,
    private prefix: string,
    private opts: RateOptions,
    private log: Logger,
  ) {}

  async take(userId: number): Promise<boolean> {
    try {
      const ok = await this.client.eval(TAKE, { keys: [`${this.prefix}:${userId}`], arguments: [String(this.opts.perSec), String(this.opts.burst)] });
      return Number(ok) === 1;
    } catch (err) {
      // Redis down: the per-socket bucket still applies; refusing everyone would be worse.
      this.log.warn({ err }, "rate limit check failed");
      return true;
    }
  }
}
