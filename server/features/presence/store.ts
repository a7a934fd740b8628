// Where "last seen" lives: in memory for one node, in a Redis sorted set for a cluster.
// Both give the same three atomic operations, so exactly one node observes each
// online -> offline transition (the one whose sweep removed the entry) and each
// offline -> online transition (the one whose touch added it).
import type { createClient } from "redis";
import { serviceUnavailable } from "../../errors";

export type RedisClient = ReturnType<typeof createClient>;

export interface PresenceStore {
  /** Marks users seen at `now`; returns those that were not present (they just came online). */
  touch(userIds: number[], now: number): Promise<number[]>;
  /** Removes and returns users last seen before `cutoff` (they just went offline). */
  sweep(cutoff: number): Promise<number[]>;
  /** Which of these users were seen at or after `cutoff`. */
  seenSince(userIds: number[], cutoff: number): Promise<Set<number>>;
}

export class MemoryPresenceStore implements PresenceStore {
  private seen = new Map<number, number>();

  async touch(userIds: number[], now: number): Promise<number[]> {
    const fresh: number[] = [];
    for (const id of userIds) {
      if (!this.seen.has(id)) fresh.push(id);
      this.seen.set(id, now);
    }
    return fresh;
  }

  async sweep(cutoff: number): Promise<number[]> {
    const gone: number[] = [];
    for (const [id, t] of this.seen) {
      if (t < cutoff) {
        gone.push(id);
        this.seen.delete(id);
      }
    }
    return gone;
  }

  async seenSince(userIds: number[], cutoff: number): Promise<Set<number>> {
    return new Set(userIds.filter((id) => (this.seen.get(id) ?? -Infinity) >= cutoff));
  }
}

const TOUCH = `
local fresh = {}
for i = 2, #ARGV do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) == false then table.insert(fresh, ARGV[i]) end
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[i])
end
return fresh`;

const SWEEP = `
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
if #gone > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1]) end
return gone`;

const CHUNK = 1000;

export class RedisPresenceStore implements PresenceStore {
  constructor(
    private client: RedisClient,
    private key: string,
  ) {}

  async touch(userIds: number[], now: number): Promise<number[]> {
    const fresh: number[] = [];
    // Redis away: nothing can be learnt or recorded now; commands must not wait for a reconnect.
    if (!this.client.isReady) return fresh;
    for (let i = 0; i < userIds.length; i += CHUNK) {
      const ids = userIds.slice(i, i + CHUNK).map(String);
      const res = (await this.client.eval(TOUCH, { keys: [this.key], arguments: [String(now), ...ids] })) as string[];
      for (const id of res) fresh.push(Number(id));
    }
    return fresh;
  }

  async sweep(cutoff: number): Promise<number[]> {
    // Nobody is declared offline while last-seen times cannot be read.
    if (!this.client.isReady) return [];
    const res = (await this.client.eval(SWEEP, { keys: [this.key], arguments: [String(cutoff)] })) as string[];
    return res.map(Number);
  }

  async seenSince(userIds: number[], cutoff: number): Promise<Set<number>> {
    const out = new Set<number>();
    if (userIds.length === 0) return out;
    if (!this.client.isReady) throw serviceUnavailable();
    const scores = await this.client.zmScore(this.key, userIds.map(String));
    scores.forEach((s, i) => {
      if (s !== null && Number(s) >= cutoff) out.add(userIds[i]);
    });
    return out;
  }
}
