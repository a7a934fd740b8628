// `link_previews.collect` (docs/integrations.md, "Link previews"; docs/architecture.md, "Side
// effects"): the durable feed consumer that decides which links of a created or edited message get
// previews. It reads the messages as they are now and, in the transaction that moves its cursor,
// queues a pending preview per new link (at most 3; the unique (message, link) is its idempotency
// key, so a record read twice queues nothing twice) and drops the previews of links an edit took
// out (readers get the delete, recorded through a ChangeLog in the same transaction). Nothing is
// fetched here: the worker (./worker.ts) fetches pending previews outside any transaction, never
// on the sender's path. A channel with previews off, or LINK_PREVIEWS=off, gets none.
import type { AppContext } from "../../context";
import type { FeedConsumer } from "../../feed/consumers";
import { ChangeLog, publishChanges } from "../../feed/changelog";
import { previewLinks } from "./links";
import { messagesWithSetting, previewsOfMessages, queuePreviews } from "./repository";

type Committed = ChangeLog["changes"];

export function linkPreviewConsumer(ctx: AppContext, wake: () => void): FeedConsumer {
  let queued = false;
  let done: Committed = [];
  return {
    name: "link_previews.collect",
    tables: ["messages"],
    async handle(trx, records) {
      done = [];
      if (!ctx.config.linkPreviews) return;
      const ids = [...new Set(records.filter((r) => r.op !== "delete").map((r) => Number(r.row_id)))];
      const messages = await messagesWithSetting(trx, ids);
      const existing = await previewsOfMessages(trx, messages.map((m) => m.id));
      const log = new ChangeLog();
      const queue: { message_id: number; channel_id: number; url: string; position: number }[] = [];
      for (const m of messages) {
        if (!m.link_previews) continue;
        const links = m.deleted_at ? [] : previewLinks(m.content);
        const had = existing.filter((p) => p.message_id === m.id);
        for (const p of had) {
          if (links.includes(p.url)) continue;
          await trx.deleteFrom("message_link_previews").where("id", "=", p.id).execute();
          if (p.status === "ready") log.add("message_link_previews", "delete", p.id, null, p);
        }
        links.forEach((url, position) => {
          if (!had.some((p) => p.url === url)) queue.push({ message_id: m.id, channel_id: m.channel_id, url, position });
        });
      }
      if ((await queuePreviews(trx, queue)) > 0) queued = true;
      await log.write(trx);
      done = log.changes;
    },
    committed() {
      publishChanges(ctx, done);
      done = [];
      if (queued) {
        queued = false;
        wake();
      }
    },
  };
}
