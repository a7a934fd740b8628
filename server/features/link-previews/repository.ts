// The link previews feature's SQL (docs/integrations.md, "Link previews").
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { PageMetadata } from "./metadata";

/** How long a page's fetched metadata (or its failure) serves other messages linking it. */
export const CACHE_HOURS = 24;
// A node takes a pending preview for 30 s (a fetch takes at most 5): another node claims it after.

/** The messages of a batch as they are now, with whether their channel shows previews. */
export function messagesWithSetting(db: DbLike, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("messages")
    .innerJoin("channels", "channels.id", "messages.channel_id")
    .select(["messages.id", "messages.channel_id", "messages.content", "messages.deleted_at", "channels.link_previews"])
    .where("messages.id", "in", ids)
    .execute();
}

export function previewsOfMessages(db: DbLike, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("message_link_previews").selectAll().where("message_id", "in", ids).execute();
}

/** Queues previews to fetch; a link a message already has (even removed) stays as it is. */
export async function queuePreviews(db: DbLike, rows: { message_id: number; channel_id: number; url: string; position: number }[]): Promise<number> {
  if (!rows.length) return 0;
  const made = await db.insertInto("message_link_previews").values(rows.map((r) => ({ ...r, status: "pending" as const }))).onConflict((oc) => oc.columns(["message_id", "url"]).doNothing()).returning("id").execute();
  return made.length;
}

/** Takes up to `n` pending previews for this node for a while (another node takes them if it dies). */
export function claimPending(db: DbLike, n: number) {
  return db
    .updateTable("message_link_previews")
    .set({ lease_until: sql<Date>`now() + interval '30 seconds'` })
    .where(
      "id",
      "in",
      db
        .selectFrom("message_link_previews")
        .select("id")
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", sql<Date>`now()`)]))
        .orderBy("id")
        .limit(n)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "url", "message_id", "channel_id"])
    .execute();
}

export function cachedPreview(db: DbLike, url: string) {
  return db
    .selectFrom("link_previews")
    .selectAll()
    .where("url", "=", url)
    .where("fetched_at", ">", sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirst();
}

export async function storeCached(db: DbLike, url: string, meta: PageMetadata | null, error: string | null): Promise<void> {
  const values = { url, title: meta?.title ?? null, description: meta?.description ?? null, site_name: meta?.site_name ?? null, image: meta?.image ?? null, error, fetched_at: new Date() };
  await db.insertInto("link_previews").values(values).onConflict((oc) => oc.column("url").doUpdateSet(values)).execute();
}
