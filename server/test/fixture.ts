// Test users, channels and tokens written straight into the app's database: fast enough for
// thousands of users (one password hash for all, sessions in bulk, tokens signed locally).
import crypto from "node:crypto";
import type { Db } from "../db";
import { sign } from "../auth/tokens";
import { hashPassword } from "../auth/passwords";
import { LIMITS } from "@shared/constants";

export interface BenchUser {
  id: number;
  email: string;
  token: string;
  /** Channels this user is a member of (private rooms first). */
  channels: number[];
  /** Direct messages, where the load tester's organisation shape made some (bench/lib/org-shape.ts). */
  dms?: { channel: number; with: number }[];
}

export interface BenchRoom {
  id: number;
  /** Indices into the user list. */
  members: number[];
}

export interface Fixture {
  users: BenchUser[];
  rooms: BenchRoom[];
}

export const BENCH_PASSWORD = "loadtest-password-1";

export interface FixtureOptions {
  users: number;
  roomSize: number;
  /** Public channels every user may read (their rooms are joined by every socket). */
  publicChannels?: number;
  tag?: string;
}

const BATCH = 500;

/** Users split into private rooms of `roomSize` (the last may be smaller). */
export async function createFixture(db: Db, secret: Uint8Array, opts: FixtureOptions): Promise<Fixture> {
  const tag = opts.tag ?? crypto.randomBytes(3).toString("hex");
  const hash = await hashPassword(BENCH_PASSWORD);
  const ids: { id: number; email: string }[] = [];
  for (let i = 0; i < opts.users; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, opts.users - i) }, (_, k) => ({
      email: `load-${tag}-${i + k}@bench.test`,
      full_name: `Load ${i + k}`,
      password_hash: hash,
    }));
    ids.push(...(await db.insertInto("users").values(rows).returning(["id", "email"]).execute()));
  }
  const rooms: BenchRoom[] = [];
  const memberOf: number[][] = ids.map(() => []);
  for (let start = 0; start < ids.length; start += opts.roomSize) {
    const members = Array.from({ length: Math.min(opts.roomSize, ids.length - start) }, (_, k) => start + k);
    const ch = await db
      .insertInto("channels")
      .values({ name: `load-${tag}-${rooms.length}`, type: "private", members: members.map((m) => ids[m].email), created_by: ids[members[0]].email })
      .returning("id")
      .executeTakeFirstOrThrow();
    rooms.push({ id: ch.id, members });
    for (const m of members) memberOf[m].push(ch.id);
  }
  for (let p = 0; p < (opts.publicChannels ?? 0); p++) {
    const ch = await db.insertInto("channels").values({ name: `load-${tag}-public-${p}`, type: "public" }).returning("id").executeTakeFirstOrThrow();
    for (const list of memberOf) list.push(ch.id);
  }
  const sessions = ids.map((u) => ({ id: crypto.randomUUID(), user_id: u.id, expires_at: new Date(Date.now() + LIMITS.sessionMaxAgeSeconds * 1000) }));
  for (let i = 0; i < sessions.length; i += BATCH) await db.insertInto("sessions").values(sessions.slice(i, i + BATCH)).execute();
  const users: BenchUser[] = [];
  for (let i = 0; i < ids.length; i++) {
    const t = await sign(secret, ids[i].id, sessions[i].id);
    users.push({ id: ids[i].id, email: ids[i].email, token: t.accessToken, channels: memberOf[i] });
  }
  return { users, rooms };
}

/** The same shape for the bare relay, which has no database: ids are made up. */
export function relayFixture(users: number, roomSize: number): Fixture {
  const list: BenchUser[] = [];
  const rooms: BenchRoom[] = [];
  for (let start = 0; start < users; start += roomSize) {
    const members = Array.from({ length: Math.min(roomSize, users - start) }, (_, k) => start + k);
    rooms.push({ id: rooms.length + 1, members });
  }
  for (let i = 0; i < users; i++) list.push({ id: i + 1, email: `relay-${i}@bench.test`, token: "relay", channels: [Math.floor(i / roomSize) + 1] });
  return { users: list, rooms };
}
