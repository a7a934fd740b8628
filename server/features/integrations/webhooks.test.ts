// Incoming webhooks (docs/integrations.md) over real HTTP and sockets: the payloads Grafana,
// Alertmanager, GitHub Actions, Uptime Kuma and Jenkins send, posted unchanged, reach the
// channel's readers live and over REST as the integration's message (bot mark, attachments),
// count as unread and are found by search; who may make and revoke a webhook; and what a revoked
// address, a bad payload or a large body gets, with nothing posted.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage, IncomingWebhook } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, makeChannel, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, recordMessages, until, type ClientSocket } from "../../test/clients";
import { alertmanager, githubActions, grafana, jenkins, uptimeKuma } from "./payloads.fixtures";
import { webhookSenderEmail } from "./receive";
import { REDACTED, redactUrl } from "../../log-redaction";

describe.each(ENGINES)("incoming webhooks (%s)", (engine) => {
  let app: TestApp;
  let manager: TestUser, member: TestUser, reader: TestUser, outsider: TestUser, admin: TestUser;
  let readerSocket: ClientSocket;
  let ops: number, secret: number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { full_name: "Ada Admin", role: "admin" });
    manager = await makeUser(app, { full_name: "Mia Member", team_role: "member" });
    member = await makeUser(app, { full_name: "Max Member" });
    reader = await makeUser(app, { full_name: "Rita Reader" });
    outsider = await makeUser(app, { full_name: "Olaf Outsider" });
    // Mia is in #ops and so manages it; Max reads the public channel without being in it.
    ops = (await makeChannel(app, { name: "ops", type: "public", members: [manager.email, reader.email], created_by: manager.email })).id;
    secret = (await makeChannel(app, { name: "secret", type: "private", members: [manager.email, reader.email] })).id;
    readerSocket = await connect(app.url, reader.token);
  }, 180_000);
  afterAll(async () => {
    readerSocket?.close();
    await app?.stop();
  });

  const create = (as: TestUser, channel_id: number, name = "Monitoring") => api(app, as.token).post<IncomingWebhook & { error?: string }>("/api/entities/incoming_webhooks", { channel_id, name });
  const pathOf = (url: string) => new URL(url, "http://x").pathname;
  const messagesOf = async (channel: number) =>
    (await api(app, reader.token).get<ChatMessage[]>(`/api/entities/messages?where=${encodeURIComponent(JSON.stringify({ channel_id: channel }))}&sort=-id&limit=50`)).body;

  async function hook(channel = ops, as = manager): Promise<{ row: IncomingWebhook; path: string }> {
    const res = await create(as, channel);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { row: res.body, path: pathOf(res.body.url!) };
  }

  /** Posts a payload as a tool would (no sign-in) and answers the message the reader's socket got. */
  async function deliver(path: string, body: unknown, form = false): Promise<ChatMessage> {
    const pushed = recordMessages<ChatMessage>(readerSocket);
    const res = form
      ? await api(app).post(path, new URLSearchParams({ payload: JSON.stringify(body) }), { "content-type": "application/x-www-form-urlencoded" })
      : await api(app).post(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toBe("ok");
    return until(pushed, (m) => m.webhook_id != null);
  }

  it("is made by a manager of the channel, shows its address once and keeps only its hash", async () => {
    const changes = record<EntityChange>(readerSocket, "entities.change");
    const { row, path } = await hook();
    expect(row).toMatchObject({ channel_id: ops, name: "Monitoring", created_by: manager.email, last_used_at: null });
    expect(path).toMatch(/^\/api\/hooks\/[A-Za-z0-9_-]{32}$/);
    // The address is the credential: the request log never holds it.
    expect(redactUrl(path)).toBe(`/api/hooks/${REDACTED}`);
    // The channel's readers see it in the list, live and over REST, without its address.
    const pushed = await until(changes, (c) => c.table === "incoming_webhooks" && c.id === row.id);
    expect(pushed.row).toMatchObject({ id: row.id, url: null });
    const list = await api(app, reader.token).get<IncomingWebhook[]>(`/api/entities/incoming_webhooks?where=${encodeURIComponent(JSON.stringify({ channel_id: ops }))}`);
    expect(list.body.find((w) => w.id === row.id)).toMatchObject({ name: "Monitoring", url: null, created_by: manager.email });
    expect(JSON.stringify(list.body)).not.toContain(path.split("/").pop()!);
    const stored = await app.ctx.db.selectFrom("incoming_webhooks").select("token_hash").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a member who cannot manage the channel (403) and hides a channel they cannot read (404)", async () => {
    const before = await app.ctx.db.selectFrom("incoming_webhooks").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const notManager = await create(member, ops);
    expect(notManager.status).toBe(403);
    expect(notManager.body.error).toMatch(/manage the channel/);
    expect((await create(outsider, secret)).status).toBe(404);
    expect((await api(app).post("/api/entities/incoming_webhooks", { channel_id: ops, name: "x" })).status).toBe(401);
    // Admins manage every channel they may read, without being in it.
    expect((await create(admin, ops)).status).toBe(201);
    const after = await app.ctx.db.selectFrom("incoming_webhooks").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it("posts Grafana's Slack contact point payload as the integration, with its attachment", async () => {
    const { row, path } = await hook();
    const m = await deliver(path, grafana);
    // No text of its own: the attachment's fallback is its words for search and notifications.
    expect(m).toMatchObject({ channel_id: ops, sender_name: "Grafana", sender_email: webhookSenderEmail(row.id), webhook_id: row.id, content: "[FIRING:1] HighCPU (node-1 critical)" });
    expect(m.attachments).toEqual([
      expect.objectContaining({
        color: "#d63232",
        title: "[FIRING:1] HighCPU (node-1 critical)",
        title_link: "http://grafana.example.test:3000/alerting/list",
        footer: "Grafana v11.3.0",
        fallback: "[FIRING:1] HighCPU (node-1 critical)",
      }),
    ]);
    expect(m.attachments![0].text).toContain("**Firing**");
    expect(m.attachments![0].text).toContain(" - instance = node-1");
    // REST answers the same row the socket pushed.
    expect((await messagesOf(ops)).find((x) => x.id === m.id)).toEqual(m);
    const found = await api(app, reader.token).get<{ messages: { id: number }[] }>("/api/search?q=HighCPU");
    expect(found.body.messages.map((x) => x.id)).toContain(m.id);
    // Last use is shown in the list.
    const listed = await api(app, manager.token).get<IncomingWebhook>(`/api/entities/incoming_webhooks/${row.id}`);
    expect(listed.body.last_used_at).not.toBeNull();
  });

  it("posts Alertmanager's default Slack receiver output: danger colour, linked title, runbook button as a link", async () => {
    const { path } = await hook();
    const m = await deliver(path, alertmanager);
    expect(m.sender_name).toBe("Alertmanager");
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments![0]).toMatchObject({
      color: "#a30200",
      title: "[FIRING:2] InstanceDown (prod)",
      title_link: "http://alertmanager.example.test:9093/#/alerts?receiver=team-slack",
      pretext: null,
      footer: null,
      text: "[Runbook :blue\\_book:](https://runbooks.example.test/InstanceDown)",
    });
  });

  it("posts a GitHub Actions step's payload (slack-github-action): blocks shown, mrkdwn as Markdown", async () => {
    const { path } = await hook();
    const m = await deliver(path, githubActions);
    // Blocks win over `text`, as in Slack; the webhook's own name is the sender.
    expect(m.sender_name).toBe("Monitoring");
    expect(m.content).toBe("GitHub Action build result: **success** on `main` by [octocat](https://github.com/octocat)  \n[View run #12345](https://github.com/acme/shop/actions/runs/12345)");
    expect(m.attachments).toBeNull();
  });

  it("posts Uptime Kuma's rich Slack message: header as title, fields, link buttons", async () => {
    const { path } = await hook();
    const m = await deliver(path, uptimeKuma);
    expect(m.sender_name).toBe("Uptime Kuma");
    expect(m.content).toBe("Uptime Kuma Alert");
    expect(m.attachments![0]).toMatchObject({
      color: "#e01e5a",
      title: "Uptime Kuma Alert",
      fields: [
        { title: "Message", value: "[Shop API] [🔴 Down] connect ECONNREFUSED 10.0.0.12:443", short: true },
        { title: "Time (Europe/Berlin)", value: "2026-11-28 11:02:13", short: true },
      ],
      text: "[Visit Uptime Kuma](https://status.example.test/dashboard/4) · [Visit site](https://shop.example.test)",
    });
  });

  it("posts Jenkins' Slack plugin message sent as a form with payload=", async () => {
    const { path } = await hook();
    const m = await deliver(path, jenkins, true);
    expect(m.attachments![0]).toMatchObject({
      color: "#2eb886",
      text: "shop-backend - #42 Back to normal after 2 min 3 sec ([Open](https://jenkins.example.test/job/shop-backend/42/))",
    });
  });

  it("takes the native form, counts as unread and is found by search like a person's message", async () => {
    const { path } = await hook(secret);
    const m = await deliver(path, { text: "Nightly backup *finished* in 4m — <https://backup.example.test/run/9|report>", name: "Backup bot" });
    expect(m).toMatchObject({ channel_id: secret, sender_name: "Backup bot", content: "Nightly backup **finished** in 4m — [report](https://backup.example.test/run/9)" });
    const unread = await api(app, reader.token).get<{ channels: { channel_id: number; unread: number }[] }>("/api/chat/unread");
    expect(unread.body.channels.find((c) => c.channel_id === secret)?.unread).toBeGreaterThan(0);
    const found = await api(app, reader.token).get<{ messages: { id: number }[] }>("/api/search?q=nightly");
    expect(found.body.messages.map((x) => x.id)).toContain(m.id);
    // Someone who cannot read the channel never sees it.
    const hidden = await api(app, outsider.token).get<{ messages: { id: number }[] }>("/api/search?q=nightly");
    expect(hidden.body.messages.map((x) => x.id)).not.toContain(m.id);
  });

  it("lets only an owner with the right say @channel: a member's webhook's <!channel> mentions nobody", async () => {
    const mine = await hook(ops, manager);
    const m = await deliver(mine.path, { text: "<!channel> deploy starts" });
    expect(m.mentions_all).toBe(false);
    expect(m.content).toBe("@\u2060channel deploy starts");
    const admins = await hook(ops, admin);
    const loud = await deliver(admins.path, { text: "<!here> deploy starts; also @channel typed" });
    expect(loud.mentions_all).toBe(true);
    expect(loud.content).toBe("@here deploy starts; also @\u2060channel typed");
  });

  it("answers a revoked webhook 404 and posts nothing; only a manager may revoke", async () => {
    const { row, path } = await hook();
    expect((await api(app, member.token).delete(`/api/entities/incoming_webhooks/${row.id}`)).status).toBe(403);
    expect((await api(app, outsider.token).delete(`/api/entities/incoming_webhooks/${row.id}`)).status).toBe(403);
    const revoked = await api(app, manager.token).delete(`/api/entities/incoming_webhooks/${row.id}`);
    expect(revoked.status).toBe(200);
    const before = (await messagesOf(ops)).length;
    const res = await api(app).post(path, { text: "still here?" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.stringMatching(/No such webhook/) });
    expect((await api(app).post("/api/hooks/not-a-token", { text: "x" })).status).toBe(404);
    expect((await messagesOf(ops)).length).toBe(before);
  });

  it("refuses bad payloads with a 400 that says why, and a body over the limit with a 413; nothing is posted", async () => {
    const { path } = await hook();
    const count = async () => Number((await app.ctx.db.selectFrom("messages").select((eb) => eb.fn.countAll<number>().as("n")).where("channel_id", "=", ops).executeTakeFirstOrThrow()).n);
    const before = await count();
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const cases: [unknown, Record<string, string> | undefined, RegExp][] = [
      [{}, undefined, /needs text, attachments or blocks/],
      [{ text: "" }, undefined, /needs text, attachments or blocks/],
      [{ text: 5 }, undefined, /text: must be text/],
      [{ text: "x", attachments: "nope" }, undefined, /attachments/],
      [{ attachments: [{ fields: [{ title: "a", value: { deep: 1 } }] }] }, undefined, /attachments\.0\.fields\.0\.value/],
      [[1, 2], undefined, /object/],
      ["{not json", { "content-type": "application/json" }, /./],
      [new URLSearchParams({ text: "no payload field" }), form, /payload/],
      [new URLSearchParams({ payload: "{nope" }), form, /payload: is not valid JSON/],
      [{ text: "x".repeat(40_001) }, undefined, /at most 40000/],
    ];
    for (const [body, headers, why] of cases) {
      const res = await api(app).post(path, body, headers);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((res.body as { error: string }).error).toMatch(why);
    }
    const big = await api(app).post(path, { text: "y".repeat(1_100_000) });
    expect(big.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it("limits how fast one webhook may post (429), without touching another's", async () => {
    const noisy = await hook();
    const quiet = await hook();
    const answers = await Promise.all(Array.from({ length: 125 }, (_, i) => api(app).post(noisy.path, { text: `ping ${i}` })));
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(120);
    expect((await api(app).post(quiet.path, { text: "still fine" })).status).toBe(200);
  }, 60_000);
});
