// Reminders and scheduled messages across a crash (docs/messages.md, "Reminders", "Scheduled
// messages"): two app processes share one Postgres database and both sweep; one is killed with
// SIGKILL while the due items are being handled. Every reminder is then queued exactly once (its
// notification job, keyed message_reminder:<id>) and every scheduled message is in its channel
// exactly once, the killed node's leased ones posted by the other after their lease, with the same
// client_id.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import { sql } from "kysely";
import { createTestDatabase } from "../../test/harness";
import { startNode, stopNode, type Node } from "../../test/nodes";
import { openDb, type DbHandle } from "../../db";

const canRun = !!process.env.TEST_DATABASE_URL;
const REMINDERS = 60;
const SCHEDULED = 30;

describe.skipIf(!canRun)("reminders and scheduled messages across a crash (postgres)", () => {
  let drop = async () => {};
  let handle: DbHandle;
  let a: Node | undefined;
  let b: Node | undefined;

  beforeAll(async () => {
    const t = await createTestDatabase();
    drop = t.drop;
    const env = { DATABASE_URL: t.url, JWT_SECRET: crypto.randomBytes(24).toString("hex"), SEED_DEMO: "0", ADMIN_EMAIL: "admin@keep.test", ADMIN_PASSWORD: "keep-password-1" };
    a = await startNode(env, "keep-a");
    b = await startNode(env, "keep-b");
    handle = await openDb({ databaseUrl: t.url, poolSize: 2 });
  }, 180_000);
  afterAll(async () => {
    await stopNode(a);
    await stopNode(b);
    await handle?.close();
    await drop();
  });

  it("each reminder is queued once and each scheduled message posted once when a sweeping node is killed", async () => {
    const db = handle.db;
    const admin = await db.selectFrom("users").select(["id", "email", "full_name"]).where("email", "=", "admin@keep.test").executeTakeFirstOrThrow();
    const channel = await db.insertInto("channels").values({ name: "keep-crash", type: "public", members: [admin.email], created_by: admin.email }).returning("id").executeTakeFirstOrThrow();
    const message = await db
      .insertInto("messages")
      .values({ channel_id: channel.id, content: "remember me", sender_id: admin.id, sender_name: admin.full_name, sender_email: admin.email })
      .returning("id")
      .executeTakeFirstOrThrow();
    const due = new Date(Date.now() + 3000);
    await db
      .insertInto("message_reminders")
      .values(Array.from({ length: REMINDERS }, () => ({ user_id: admin.id, message_id: message.id, channel_id: channel.id, remind_at: due })))
      .execute();
    await db
      .insertInto("scheduled_messages")
      .values(Array.from({ length: SCHEDULED }, (_, i) => ({ user_id: admin.id, channel_id: channel.id, content: `scheduled ${i}`, send_at: due, client_id: crypto.randomUUID() })))
      .execute();

    // Kill A as soon as the sweeps have begun on what is due.
    for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
      const started = await sql<{ n: number }>`select (select count(*) from message_reminders where fired_at is not null) + (select count(*) from scheduled_messages where lease_until is not null or status <> 'pending') as n`.execute(db);
      if (Number(started.rows[0].n) > 0) break;
    }
    a!.proc.kill("SIGKILL");

    // B finishes the rest; what A had leased comes back to B after the 60 s lease.
    await expect
      .poll(
        async () => {
          const r = await sql<{ reminders: number; scheduled: number }>`
            select (select count(*) from message_reminders where fired_at is null) as reminders,
                   (select count(*) from scheduled_messages where status = 'pending') as scheduled`.execute(db);
          return Number(r.rows[0].reminders) + Number(r.rows[0].scheduled);
        },
        { timeout: 100_000, interval: 500 },
      )
      .toBe(0);

    const jobs = await db.selectFrom("notification_jobs").select("key").where("kind", "=", "message_reminder").execute();
    expect(jobs).toHaveLength(REMINDERS);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(REMINDERS);
    const posted = await db.selectFrom("messages").select(["content", "client_id"]).where("channel_id", "=", channel.id).where("id", "!=", message.id).execute();
    expect(posted).toHaveLength(SCHEDULED);
    expect(new Set(posted.map((m) => m.content)).size).toBe(SCHEDULED);
    const sent = await db.selectFrom("scheduled_messages").select(["status", "message_id"]).execute();
    expect(sent.every((s) => s.status === "sent" && s.message_id != null)).toBe(true);
  });
});
