// Presence: online while a user has a socket on some node or polled recently, offline after a
// grace period; the status (online, away, busy) lives on the user row. Pushes go only to the
// `presence:{id}` room, which sockets join with presence.subscribe.
import type { Logger } from "pino";
import type { Db } from "../../db";
import type { UserStatus, PresenceState } from "@shared/realtime";
import type { PresenceStore } from "./store";
import { localDay, takeTimeOffTurn } from "./time-off";
import { Batcher } from "../../realtime/batch";
import { findPresenceRows, markLastSeen, saveUserStatus, type PresenceRow } from "./repository";

export const presenceRoom = (userId: number) => `presence:${userId}`;

export interface PresenceOptions {
  db: Db;
  /** Pushes presence to the subscribers' rooms. */
  send: (roomNames: string[], state: PresenceState) => void;
  store: PresenceStore;
  log: Logger;
  graceMs: number;
  /**
   * Of these users, those someone may be watching (default: all). On one node that is a
   * presence room with a member; a reconnect storm then costs no presence query for nobody.
   */
  watched?: (userIds: number[]) => number[];
  /** Called once (cluster-wide) for users who just went offline. */
  onOffline?: (userIds: number[]) => Promise<void>;
}

export class PresenceService {
  /** Sockets per user on this node; these users are re-touched by the heartbeat. */
  private local = new Map<number, number>();
  /** Last touch per user from polling, so a client polling every second costs one touch a second at most. */
  private lastPoll = new Map<number, number>();
  private timers: NodeJS.Timeout[] = [];
  private turning = false;
  /**
   * Touches from new sockets: those asked for while one runs go out together once it is done, so a
   * reconnect storm costs a handful of store calls and pushes instead of one per socket.
   */
  private touches = new Batcher<number, never>(async (ids) => {
    await this.touch(ids);
    return new Map<number, never>();
  });

  constructor(private opts: PresenceOptions) {}

  start(): void {
    const { graceMs } = this.opts;
    const beat = setInterval(() => void this.heartbeat(), Math.max(100, Math.floor(graceMs / 3)));
    const sweep = setInterval(() => void this.sweep(), Math.max(100, Math.min(1000, Math.floor(graceMs / 4))));
    // Presence may lag by a grace period anyway: the turn of the day is looked for as often.
    const day = setInterval(() => void this.dayTurn(), graceMs);
    beat.unref();
    sweep.unref();
    day.unref();
    this.timers.push(beat, sweep, day);
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** Counts the socket at once (so a quick disconnect always balances it); the touch is batched. */
  socketConnected(userId: number): Promise<void> {
    this.local.set(userId, (this.local.get(userId) ?? 0) + 1);
    return this.touchSoon(userId);
  }

  private async touchSoon(userId: number): Promise<void> {
    await this.touches.get(userId);
  }

  async socketDisconnected(userId: number): Promise<void> {
    const n = (this.local.get(userId) ?? 1) - 1;
    if (n > 0) {
      this.local.set(userId, n);
      return;
    }
    this.local.delete(userId);
    // Seen now: the user goes offline one grace period from now unless a socket or poll returns.
    await this.touch([userId]);
  }

  /** A polling client's request (get-signals, update-presence). */
  async polled(userId: number): Promise<void> {
    const now = Date.now();
    if (now - (this.lastPoll.get(userId) ?? 0) < Math.min(1000, this.opts.graceMs / 4)) return;
    this.lastPoll.set(userId, now);
    await this.touch([userId]);
  }

  async onlineSet(userIds: number[]): Promise<Set<number>> {
    return this.opts.store.seenSince(userIds, Date.now() - this.opts.graceMs);
  }

  /** Current presence of these users as everyone but the user sees it. */
  async current(userIds: number[]): Promise<PresenceState[]> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return [];
    const [rows, online] = await Promise.all([findPresenceRows(this.opts.db, ids, localDay()), this.onlineSet(ids)]);
    // A deactivated user is offline at once, not one grace period after their sockets closed.
    return rows.map((r) => present(r, online.has(r.id) && r.is_active));
  }

  /** Saves the user's status, marks them seen, pushes to subscribers and returns the new state. */
  async setStatus(userId: number, status: UserStatus): Promise<PresenceState> {
    await saveUserStatus(this.opts.db, userId, status);
    await this.polled(userId);
    const [state] = await this.push([userId]);
    return state;
  }

  /** Pushes the current presence of these users to their subscribers (if anyone may be watching). */
  async push(userIds: number[], offline?: Set<number>): Promise<PresenceState[]> {
    const states = await this.current(userIds);
    const watched = new Set(this.watchedOf(states.map((s) => s.user_id)));
    for (const s of states) {
      if (offline?.has(s.user_id)) s.online = false;
      if (watched.has(s.user_id)) this.opts.send([presenceRoom(s.user_id)], s);
    }
    return states;
  }

  private async touch(userIds: number[]): Promise<void> {
    try {
      // Unwatched users are left out before the query, not only before the push.
      const fresh = this.watchedOf(await this.opts.store.touch(userIds, Date.now()));
      if (fresh.length) await this.push(fresh);
    } catch (err) {
      this.opts.log.warn({ err }, "presence touch failed");
    }
  }

  private watchedOf(userIds: number[]): number[] {
    return this.opts.watched ? this.opts.watched(userIds) : userIds;
  }

  private async heartbeat(): Promise<void> {
    if (this.local.size) await this.touch([...this.local.keys()]);
  }

  /** At the turn of the day, one node pushes the presence of everyone whose Time Off starts or ended. */
  private async dayTurn(): Promise<void> {
    if (this.turning) return;
    this.turning = true;
    try {
      const ids = this.watchedOf(await takeTimeOffTurn(this.opts.db));
      if (ids.length) await this.push(ids);
    } catch (err) {
      this.opts.log.warn({ err }, "time off day turn failed");
    } finally {
      this.turning = false;
    }
  }

  private async sweep(): Promise<void> {
    try {
      const now = Date.now();
      for (const [id, t] of this.lastPoll) if (now - t > this.opts.graceMs) this.lastPoll.delete(id);
      // Users with a socket here are never offline, even if this node's heartbeat ran late.
      const swept = await this.opts.store.sweep(now - this.opts.graceMs);
      const kept = swept.filter((id) => this.local.has(id));
      if (kept.length) await this.opts.store.touch(kept, now);
      const gone = swept.filter((id) => !this.local.has(id));
      if (gone.length === 0) return;
      await markLastSeen(this.opts.db, gone, new Date());
      const watched = this.watchedOf(gone);
      if (watched.length) await this.push(watched, new Set(gone));
      await this.opts.onOffline?.(gone);
    } catch (err) {
      this.opts.log.warn({ err }, "presence sweep failed");
    }
  }
}

function present(r: PresenceRow, online: boolean): PresenceState {
  // A user who hides their status, or is on approved Time Off today, shows as away to everyone else.
  return { user_id: r.id, user_status: r.show_online_status && !r.on_time_off ? r.user_status : "away", online };
}
