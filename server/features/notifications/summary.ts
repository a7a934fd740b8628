// One summary after busy or quiet hours (docs/notifications.md). While someone is busy or in
// their quiet hours their pushes are held back: the job still lists its item in the notification
// centre and is marked `held` (./worker.ts), and one pending `summary` job per person is queued
// (a unique index keeps it one across nodes). The summary job looks again every
// NOTIFY_SUMMARY_RECHECK_MS while they are busy, and at the end of their quiet hours (at least
// every 20 times that, in case they end them early or leave them); once they are
// neither, it claims the held jobs in one statement (so each is told once, whichever node runs
// it) and pushes one line: "3 mentions, 2 direct messages, 1 missed call", leaving out what they
// have read or what was deleted since.
import { sql } from "kysely";
import type { PushPayload } from "@shared/entities";
import type { DbLike } from "../../entities/repository";
import { findMessageWithChannel, readPositionOf, threadReadPositionOf, type Recipient } from "./repository";

/** Queues the person's summary unless one is pending already. */
export async function queueSummary(db: DbLike, userId: number, due: Date): Promise<void> {
  await sql`
    insert into notification_jobs (kind, user_id, payload, next_attempt_at)
    values ('summary', ${userId}, '{}'::jsonb, ${due})
    on conflict (user_id) where kind = 'summary' and status = 'pending' do nothing`.execute(db);
}

type HeldJob = { id: number; kind: string; payload: Record<string, unknown>; held: string };

/** Takes the person's held jobs for one summary: each held job is handed out once. */
async function claimHeld(db: DbLike, userId: number): Promise<HeldJob[]> {
  const res = await sql<HeldJob>`
    update notification_jobs h set held = null
      from (select id, held from notification_jobs where user_id = ${userId} and held is not null for update) was
     where h.id = was.id
    returning h.id, h.kind, h.payload, was.held`.execute(db);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload }));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The summary push for what was held back from `user`, or null when nothing is left to tell
 * (all of it read or deleted since). Claims the held jobs, so call it once per summary job.
 */
export async function summarize(db: DbLike, user: Recipient): Promise<PushPayload | null> {
  const held = await claimHeld(db, user.id);
  const counts = { mentions: 0, dms: 0, messages: 0, calls: 0, tasks: 0, other: 0 };
  let busy = false;
  for (const job of held) {
    if (job.kind === "message") {
      const m = await findMessageWithChannel(db, Number(job.payload.message_id));
      if (!m) continue;
      const threadOnly = m.thread_root_id != null && !m.also_to_channel;
      const position = threadOnly ? await threadReadPositionOf(db, user.id, m.thread_root_id!) : await readPositionOf(db, user.id, m.channel_id);
      if (position >= m.id) continue;
      if (m.type === "dm") counts.dms++;
      else if (job.payload.mentioned === true) counts.mentions++;
      else counts.messages++;
    } else if (job.kind === "call") counts.calls++;
    else if (job.kind === "task") counts.tasks++;
    else counts.other++;
    if (job.held === "busy") busy = true;
  }
  const parts = [
    counts.mentions && plural(counts.mentions, "mention", "mentions"),
    counts.dms && plural(counts.dms, "direct message", "direct messages"),
    counts.messages && plural(counts.messages, "message", "messages"),
    counts.calls && plural(counts.calls, "missed call", "missed calls"),
    counts.tasks && plural(counts.tasks, "task assigned", "tasks assigned"),
    counts.other && plural(counts.other, "other notification", "other notifications"),
  ].filter((p): p is string => !!p);
  if (!parts.length) return null;
  return {
    title: busy ? "While you were busy" : "During your quiet hours",
    body: parts.join(", "),
    url: counts.mentions + counts.dms + counts.messages > 0 ? "/Chat" : "/",
    tag: "summary",
    kind: "summary",
  };
}
