// The link preview worker (docs/integrations.md, "Link previews"): takes pending previews (queued by
// ./consumer.ts) with a lease, fetches each page through the egress guard (server/net/egress.ts:
// public addresses only, HTML only, 5 s, 1 MB) unless the cache (link_previews) knows the page from
// the last day, reads its metadata with open-graph-scraper (./metadata.ts), and stores the preview
// through `message_link_previews.create`'s change record, so the channel's readers see it live.
// Outside any transaction while it fetches: a slow page holds no database session.
import type net from "node:net";
import type { AppContext } from "../../context";
import { withChanges } from "../../feed/changelog";
import { EgressRefused, guardedGet } from "../../net/egress";
import { decodeHtml, pageMetadata, type PageMetadata } from "./metadata";
import { cachedPreview, claimPending, storeCached } from "./repository";
import { singleFlight } from "../../single-flight";

export interface PreviewFetchOptions {
  /** The name lookup the guard uses (tests play a DNS server with it). */
  lookup?: net.LookupFunction;
}

type Outcome = { meta: PageMetadata | null; error: string | null };

const PARALLEL = 4;

/** The page's metadata, from the cache or fetched now (and then cached, a failure too). */
export async function previewOf(ctx: AppContext, url: string, opts: PreviewFetchOptions = {}): Promise<Outcome> {
  const cached = await cachedPreview(ctx.db, url);
  if (cached) return cached.error ? { meta: null, error: cached.error } : { meta: cached, error: null };
  let out: Outcome;
  try {
    const page = await guardedGet(url, { rules: ctx.config.egress, htmlOnly: true, lookup: opts.lookup });
    const meta = await pageMetadata(decodeHtml(page.body, page.contentType), page.url);
    out = meta.title || meta.description ? { meta, error: null } : { meta: null, error: "the page says nothing to preview" };
  } catch (err) {
    out = { meta: null, error: (err instanceof EgressRefused ? `${err.reason}: ${err.message}` : `unreadable page: ${err instanceof Error ? err.message : String(err)}`).slice(0, 500) };
  }
  await storeCached(ctx.db, url, out.meta, out.error);
  return out;
}

/** Stores a fetched preview: ready (and recorded, so its readers get it) or failed. */
async function finish(ctx: AppContext, id: number, out: Outcome): Promise<void> {
  await withChanges(ctx, async (trx, log) => {
    const current = await trx
      .selectFrom("message_link_previews")
      .innerJoin("channels", "channels.id", "message_link_previews.channel_id")
      .select(["message_link_previews.status", "channels.link_previews"])
      .where("message_link_previews.id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!current || current.status !== "pending") return;
    const show = !!out.meta && current.link_previews && ctx.config.linkPreviews;
    const row = await trx
      .updateTable("message_link_previews")
      .set({
        status: show ? "ready" : "failed",
        title: out.meta?.title ?? null,
        description: out.meta?.description ?? null,
        site_name: out.meta?.site_name ?? null,
        image: out.meta?.image ?? null,
        lease_until: null,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Readers see it for the first time: a create, as far as they know.
    if (show) log.add("message_link_previews", "create", row.id, row);
  });
}

/** Fetches pending previews until none is left; answers how many it finished. */
export async function fetchPendingPreviews(ctx: AppContext, opts: PreviewFetchOptions = {}): Promise<number> {
  let done = 0;
  for (let round = 0; round < 100; round++) {
    const claimed = await claimPending(ctx.db, PARALLEL);
    if (!claimed.length) break;
    await Promise.all(
      claimed.map(async (p) => {
        await finish(ctx, p.id, await previewOf(ctx, p.url, opts));
        done++;
      }),
    );
  }
  return done;
}

/**
 * This node's worker: runs when the consumer queued previews, and every 5 s for those another
 * node queued or left behind. Stops with the app (its feed consumers stop).
 */
export function startLinkPreviewWorker(ctx: AppContext, everyMs = 5_000): { wake: () => void } {
  let host: AppContext["consumers"];
  const run = singleFlight(
    () => fetchPendingPreviews(ctx),
    (err) => ctx.log.warn({ err }, "fetching link previews failed"),
  );
  const timer = setInterval(() => {
    // The feed consumers are hosted as the routes mount, before the first tick; gone (or others
    // in their place) means this app closed.
    if (!ctx.consumers || (host && ctx.consumers !== host)) return clearInterval(timer);
    host ??= ctx.consumers;
    run();
  }, everyMs);
  timer.unref();
  return { wake: run };
}
