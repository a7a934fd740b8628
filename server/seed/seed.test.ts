// The demo organisation: seeded fast, lived in as each demo person sees it through the API, and
// shaped as the browser tests expect (see server/seed/data.ts).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import { ENGINES, startTestApp, api, type TestApp } from "../test/harness";
import { seed } from "./index";
import { DEMO_PASSWORD } from "./data";
import { connect, call, type ClientSocket } from "../test/clients";
import type { PresenceState } from "@shared/realtime";

const today = () => new Date().toISOString().slice(0, 10);

describe.each(ENGINES)("the demo organisation (%s)", (engine) => {
  let app: TestApp;
  let seedMs = 0;
  const tokens = new Map<string, string>();
  const as = async (name: string) => {
    if (!tokens.has(name)) {
      const res = await api(app).post("/api/auth/login", { email: `${name}@example.com`, password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
      tokens.set(name, res.body.accessToken);
    }
    return api(app, tokens.get(name));
  };
  const list = async (name: string, table: string, query = "limit=1000") => (await (await as(name)).get(`/api/entities/${table}?${query}`)).body as any[];

  beforeAll(async () => {
    app = await startTestApp(engine);
    const started = performance.now();
    await seed({ ...app.ctx, config: { ...app.ctx.config, seedDemo: true } });
    seedMs = performance.now() - started;
    console.log(`demo organisation seeded in ${Math.round(seedMs)} ms on ${engine}`);
  }, 240_000);
  afterAll(() => app?.stop(), 60_000);

  // About half a second on an idle machine; the bound only catches a seed grown slow (it runs at
  // every fresh start, and so before every browser test run).
  it("is seeded fast, and only once", async () => {
    expect(seedMs).toBeLessThan(10_000);
    await seed({ ...app.ctx, config: { ...app.ctx.config, seedDemo: true } });
    expect((await list("alex.morgan", "users")).length).toBe(13);
  });

  it("has a fortnight of chat in every channel, a direct message, and ids that follow time", async () => {
    const channels = await list("priya.shah", "channels");
    const names = channels.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["general", "random", "vr-bugs", "vr-ideas", "vr-problems", "leadership"]));
    const dm = channels.find((c) => c.type === "dm");
    expect(dm.members).toEqual(["priya.shah@example.com", "jordan.lee@example.com"]);
    expect(dm.created_by).toBe("priya.shah@example.com");
    // The private and direct channels stay with their members.
    expect((await list("sam.carter", "channels")).map((c) => c.name)).not.toContain("leadership");
    expect((await list("sam.carter", "channels")).some((c) => c.type === "dm")).toBe(false);

    const general = channels.find((c) => c.name === "general");
    const all = await list("priya.shah", "messages", `where=${encodeURIComponent(JSON.stringify({ channel_id: general.id }))}&sort=id&limit=1000`);
    expect(all).toHaveLength(120);
    const times = all.map((m) => Date.parse(m.created_date));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect((Date.now() - Math.min(...times)) / 86_400_000).toBeGreaterThan(12);
    expect(new Set(all.map((m) => m.sender_email)).size).toBeGreaterThanOrEqual(10);
    for (const c of channels) {
      const rows = await list("priya.shah", "messages", `where=${encodeURIComponent(JSON.stringify({ channel_id: c.id }))}&limit=5`);
      expect(rows.length, c.name).toBeGreaterThanOrEqual(5);
    }
  });

  it("gives the manager a full Dashboard: tasks in every status and due date, events, notes, approvals, files", async () => {
    const tasks = await list("priya.shah", "tasks");
    expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(["todo", "in_progress", "done"]));
    const dues = tasks.map((t) => t.due_date as string | null);
    expect(dues).toContain(null);
    expect(dues).toContain(today());
    expect(dues.some((d) => d !== null && d < today())).toBe(true);
    expect(dues.some((d) => d !== null && d > today())).toBe(true);
    const mine = tasks.filter((t) => t.assignee_emails.includes("priya.shah@example.com") && t.status !== "done" && t.due_date);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    // A task made from a chat message links back to it.
    expect(tasks.some((t) => t.source_message_id !== null)).toBe(true);

    const events = await list("priya.shah", "calendar_events");
    expect(events.filter((e) => e.recurrence_rule).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => !e.recurrence_rule && Date.parse(e.start_datetime) > Date.now()).length).toBeGreaterThanOrEqual(5);
    expect(events.some((e) => e.recurrence_exceptions.some((x: { cancelled?: boolean }) => x.cancelled))).toBe(true);

    expect((await list("priya.shah", "notes")).length).toBeGreaterThanOrEqual(3);

    const approvals = await list("priya.shah", "approval_requests");
    expect(new Set(approvals.map((a) => a.status))).toEqual(new Set(["pending", "approved", "rejected"]));
    const decided = approvals.find((a) => a.status === "rejected");
    const trail = await (await as("priya.shah")).get(`/api/approvals/${decided.id}/audit`);
    expect(trail.status).toBe(200);
    expect(trail.body.map((e: { action: string }) => e.action)).toEqual(["created", "rejected"]);

    const calls = (await (await as("priya.shah")).get("/api/webrtc/call-history?limit=50")).body as Array<{ status: string }>;
    expect(new Set(calls.map((c) => c.status))).toEqual(new Set(["ended", "missed", "rejected"]));
  });

  it("stores real bytes behind every shared file", async () => {
    const files = await list("priya.shah", "shared_files");
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      const res = await fetch(`${app.url}${f.file_url}?download=1`, { headers: { authorization: `Bearer ${tokens.get("priya.shah")}` } });
      expect(res.status, f.name).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length, f.name).toBe(Number(f.file_size));
      expect(body.length).toBeGreaterThan(50);
      const id = /\/files\/([0-9a-f-]{36})$/.exec(f.file_url)![1];
      const stored = await app.ctx.db.selectFrom("stored_files").select("checksum_sha256").where("id", "=", id).executeTakeFirstOrThrow();
      expect(crypto.createHash("sha256").update(body).digest("hex")).toBe(stored.checksum_sha256);
      if (f.file_type === "image/png") expect(body.subarray(1, 4).toString()).toBe("PNG");
    }
  });

  it("keeps what the browser tests start from", async () => {
    expect(await list("sam.carter", "notes")).toEqual([]);
    expect(await list("sam.carter", "shared_files")).toEqual([]);
    expect(await list("jordan.lee", "shared_files")).toEqual([]);
    expect((await (await as("olivia.chen")).get("/api/webrtc/call-history")).body).toEqual([]);
    expect((await list("sam.carter", "tasks")).some((t) => t.status === "todo")).toBe(true);
    // Sam's week leaves 09:00-15:00 UTC free (the calendar tests create events there this week).
    const now = new Date();
    const sunday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - now.getUTCDay());
    for (const e of await list("sam.carter", "calendar_events")) {
      const start = new Date(e.start_datetime);
      const thisWeek = start.getTime() >= sunday && start.getTime() < sunday + 7 * 86_400_000;
      if (e.recurrence_rule || thisWeek) expect(start.getUTCHours() < 9 || start.getUTCHours() >= 15, e.title).toBe(true);
    }
  });

  it("shows someone on approved Time Off as away", async () => {
    const ethan = (await list("priya.shah", "users", `q=${encodeURIComponent("Ethan Wright")}`))[0];
    let socket: ClientSocket | undefined;
    try {
      socket = await connect(app.url, tokens.get("priya.shah")!);
      const res = await call<PresenceState[]>(socket, "presence.subscribe", { user_ids: [ethan.id] });
      expect(res.ok && res.data[0].user_status).toBe("away");
    } finally {
      socket?.close();
    }
  });
});
