// Jobs come only from committed changes (docs/notifications.md): the queue is a durable consumer
// of the change feed (docs/architecture.md, "Side effects"), so a write that rolls back
// (here a direct message and a task assignment whose command fails after writing them) queues
// nothing. The marker: a message committed afterwards is the only thing queued for the person.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { withChanges } from "../../feed/changelog";
import { insertRow } from "../../entities/repository";
import { waitFor } from "../../test/push-service";

describe.each(ENGINES)("notification jobs after commit only (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser, ben: TestUser;
  let channelId: number;

  beforeAll(async () => {
    app = await startTestApp(engine, {}, { NOTIFY_DELAY_MS: "0", NOTIFY_SWEEP_MS: "100" });
    ann = await makeUser(app, { full_name: "Ann Lee" });
    ben = await makeUser(app, { full_name: "Ben Ode" });
    channelId = (await api(app, ann.token).post<{ id: number }>("/api/channels/dm", { user_id: ben.user.id })).body.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("queues nothing for a write that rolls back", async () => {
    const failed = withChanges(app.ctx, async (trx, log) => {
      const m = await insertRow(trx, "messages", { channel_id: channelId, content: "never sent", sender_id: ann.user.id, sender_name: "Ann Lee", sender_email: ann.email });
      log.add("messages", "create", Number(m.id), m);
      const t = await insertRow(trx, "tasks", { title: "never assigned", assignee_emails: [ben.email], created_by: ann.email });
      log.add("tasks", "create", Number(t.id), t);
      throw new Error("the command fails after writing");
    });
    await expect(failed).rejects.toThrow("the command fails after writing");

    const marker = await api(app, ann.token).post<{ id: number }>("/api/entities/messages", { channel_id: channelId, content: "the marker" });
    expect(marker.status).toBe(201);
    const jobs = await waitFor(async () => {
      const rows = await app.ctx.db.selectFrom("notification_jobs").select(["kind", "payload"]).where("user_id", "=", ben.user.id).execute();
      return rows.length ? rows : null;
    });
    expect(jobs.map((j) => [j.kind, (j.payload as { message_id: number }).message_id])).toEqual([["message", marker.body.id]]);
    expect(await app.ctx.db.selectFrom("messages").select("id").where("content", "=", "never sent").execute()).toEqual([]);
  });
});
