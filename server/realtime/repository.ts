// The handshake's SQL, written for batches: one statement answers for every socket that
// connected in the same turn of the event loop.
import { sql } from "kysely";
import type { Db } from "../db";
import type { SocketUser } from "./hub";
import type { Channel } from "../db/schema";
import { canReadChannel } from "../features/chat/channels.policy";

export interface SocketSession {
  sid: string;
  user: SocketUser;
  /** Channels the user may read now: the rooms the socket joins. */
  channelIds: number[];
}

/**
 * Live sessions (not revoked, not expired, of an active account) with their user and readable channels. The same
 * session conditions as verifyToken in server/auth/tokens.ts: keep the two in step.
 */
export async function loadSocketSessions(db: Db, sids: string[]): Promise<Map<string, SocketSession>> {
  const rows = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id as sid", "users.id", "users.email", "users.full_name", "users.role", "users.team_role", "users.time_zone"])
    .where("sessions.id", "in", sids)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", new Date())
    .where("users.is_active", "=", true)
    .execute();
  if (!rows.length) return new Map();
  const channels = await channelsOfReaders(db, rows.map((r) => r.email.toLowerCase()));
  // Each user's candidates (every public channel, and those listing them), confirmed by the rule.
  const everyone: typeof channels = [];
  const byReader = new Map<string, typeof channels>();
  for (const c of channels) {
    if (c.type === "public") everyone.push(c);
    for (const m of c.members) {
      const list = byReader.get(m);
      if (list) list.push(c);
      else byReader.set(m, [c]);
    }
  }
  return new Map(
    rows.map((r) => {
      const user: SocketUser = { id: r.id, email: r.email, full_name: r.full_name, role: r.role, team_role: r.team_role, time_zone: r.time_zone };
      const readable = [...everyone, ...(byReader.get(r.email.toLowerCase()) ?? [])].filter((c) => canReadChannel(user, c));
      return [r.sid, { sid: r.sid, user, channelIds: [...new Set(readable.map((c) => c.id))].sort((x, y) => x - y) }];
    }),
  );
}

/**
 * The channels any of these (lower-cased) addresses may read, for a whole batch in one statement
 * instead of a scan of every channel per user: public channels, and the others whose members
 * overlap the addresses (`&&`, served by the GIN index on members), each carrying only the
 * members among these addresses. Which user reads which is then canReadChannel's call.
 */
async function channelsOfReaders(db: Db, emails: string[]): Promise<Pick<Channel, "id" | "type" | "members">[]> {
  const list = sql`${[...new Set(emails)]}::text[]`;
  const { rows } = await sql<{ id: number; type: Channel["type"]; members: string[] | null }>`
    select id, type, '{}'::text[] as members from channels where type = 'public'
    union all
    select id, type, array(select m from unnest(members) as m where m = any(${list})) from channels
    where type <> 'public' and members && ${list}
    order by id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), type: r.type, members: r.members ?? [] }));
}

/** Which of these users have signals waiting for a socket (the partial index on pending_signals serves this). */
export async function usersWithPendingSignals(db: Db, userIds: number[]): Promise<Map<number, true>> {
  const rows = await sql<{ to_user_id: number }>`
    select distinct to_user_id from pending_signals
    where to_user_id = any(${sql.val(userIds)}::int[]) and delivered_at is null`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.to_user_id), true as const]));
}

/** A user's profile fields as sockets keep them. */
export function findSocketUser(db: Db, userId: number): Promise<SocketUser | undefined> {
  return db.selectFrom("users").select(["id", "email", "full_name", "role", "team_role", "time_zone"]).where("id", "=", userId).executeTakeFirst();
}
