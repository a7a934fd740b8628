// Sign-in sessions: functions taking the database (or a transaction) first. Whether a session
// still admits its user (expiry, revocation, an active account) is decided in ./tokens.
import type { DbLike } from "../entities/repository";
import type { User } from "../db/schema";

export async function insertSession(db: DbLike, session: { id: string; user_id: number; expires_at: Date }): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

export interface SessionWithUser {
  user: User;
  expires_at: Date;
  revoked_at: Date | null;
}

/** The session `sid` of `userId` with its user, whatever the session's state. */
export async function findSessionUser(db: DbLike, sid: string, userId: number): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select(["sessions.expires_at as session_expires_at", "sessions.revoked_at as session_revoked_at"])
    .where("sessions.id", "=", sid)
    .where("sessions.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_expires_at, session_revoked_at, ...user } = row;
  return { user, expires_at: new Date(session_expires_at), revoked_at: session_revoked_at ? new Date(session_revoked_at) : null };
}

export async function revokeSession(db: DbLike, sid: string): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: new Date() }).where("id", "=", sid).execute();
}

/** Revokes every live session of a user; returns their ids (their sockets must close too). */
export async function revokeUserSessions(db: DbLike, userId: number): Promise<string[]> {
  const rows = await db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}
