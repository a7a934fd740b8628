// The integrations feature's SQL: finding a webhook by its token's hash, and its last use.
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { RowOf } from "../../entities/policy";

export type WebhookWithOwner = RowOf<"incoming_webhooks"> & { owner_role: string | null; owner_team_role: string | null };

/** The webhook a token opens, with its owner's roles (they decide whether it may say @channel); undefined when revoked or never made. */
export function findWebhookByHash(db: DbLike, hash: string): Promise<WebhookWithOwner | undefined> {
  return db
    .selectFrom("incoming_webhooks")
    .leftJoin("users", (j) => j.on(sql`lower(users.email)`, "=", sql.ref("incoming_webhooks.created_by")))
    .selectAll("incoming_webhooks")
    .select(["users.role as owner_role", "users.team_role as owner_team_role"])
    .where("incoming_webhooks.token_hash", "=", hash)
    .executeTakeFirst();
}

/** Moves last_used_at to now unless it moved within the last minute; the row after, or undefined when it did not move. */
export function touchWebhook(db: DbLike, id: number): Promise<RowOf<"incoming_webhooks"> | undefined> {
  return db
    .updateTable("incoming_webhooks")
    .set({ last_used_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", sql<Date>`now() - interval '1 minute'`)]))
    .returningAll()
    .executeTakeFirst();
}
