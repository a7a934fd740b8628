// SQL of invitations and of the one setting that governs them. app_settings is read with raw
// SQL: it is a key/value table of this feature, not an entity of the generic engine.
import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db";
import type { User } from "../../db/schema";

export const INVITE_POLICIES = ["everyone", "managers", "admins"] as const;
export type InvitePolicy = (typeof INVITE_POLICIES)[number];

export const INVITE_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export const hashToken = (t: string) => crypto.createHash("sha256").update(t).digest("hex");

export async function readInvitePolicy(db: Db): Promise<InvitePolicy> {
  const r = await sql<{ value: unknown }>`select value from app_settings where key = 'invite_policy'`.execute(db);
  const v = r.rows[0]?.value;
  const text = typeof v === "string" && v.startsWith('"') ? (JSON.parse(v) as string) : v;
  return (INVITE_POLICIES as readonly unknown[]).includes(text) ? (text as InvitePolicy) : "everyone";
}

export async function writeInvitePolicy(db: Db, policy: InvitePolicy): Promise<void> {
  const value = JSON.stringify(policy);
  await sql`insert into app_settings (key, value) values ('invite_policy', ${value}::jsonb)
            on conflict (key) do update set value = excluded.value, updated_at = now()`.execute(db);
}

export async function insertInvitation(db: Db, actor: User, email: string, message: string | null) {
  const token = crypto.randomBytes(24).toString("base64url");
  const expires = new Date(Date.now() + INVITE_LIFETIME_MS);
  await db
    .insertInto("invitations")
    .values({ token_hash: hashToken(token), email, message, invited_by: actor.id, expires_at: expires })
    .execute();
  return { token, expires };
}

/** An invitation that can still be accepted, or undefined (unknown, used, expired). */
export async function findOpenInvitation(db: Db, token: string, lock = false) {
  let q = db.selectFrom("invitations").selectAll().where("token_hash", "=", hashToken(token));
  if (lock) q = q.forUpdate();
  const inv = await q.executeTakeFirst();
  if (!inv || inv.accepted_at || new Date(inv.expires_at) < new Date()) return undefined;
  return inv;
}

export async function markAccepted(db: Db, id: number, userId: number): Promise<void> {
  await db.updateTable("invitations").set({ accepted_at: new Date(), accepted_user_id: userId }).where("id", "=", id).execute();
}

/** The account an accepted invitation creates. */
export async function insertInvitedUser(db: Db, email: string, fullName: string, passwordHash: string): Promise<User> {
  return db.insertInto("users").values({ email, full_name: fullName, password_hash: passwordHash }).returningAll().executeTakeFirstOrThrow();
}
