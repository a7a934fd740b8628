// List queries that stay cheap at size: the newest page of a channel comes from the channel
// index whatever the traffic elsewhere, offsets are capped, and the directory pages and
// searches on the server.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { CompiledQuery, sql } from "kysely";
import { ENGINES, startTestApp, makeUser, api, makeChannel, type TestApp, type TestUser } from "../test/harness";
import { listQuery } from "./repository";
import { parseListQuery, MAX_OFFSET } from "./query";
import { messagesPolicy } from "../features/chat/messages.policy";
import type { Condition } from "./where-sql";

const qs = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe.each(ENGINES)("list paging at size (%s)", (engine) => {
  let app: TestApp;
  let member: TestUser;
  let quiet: number;
  let busy: number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    member = await makeUser(app, { full_name: "Directory Reader" });
    quiet = (await makeChannel(app, { name: "quiet" })).id;
    busy = (await makeChannel(app, { name: "busy" })).id;
    // 300 messages in the quiet channel, then a flood in the busy one: the quiet channel's
    // newest messages are far from the newest ids.
    await sql`insert into messages (channel_id, content, sender_name, sender_email, created_at)
      select ${quiet}, 'quiet ' || g, 'n', 'n@example.test', now() - interval '1 day' + g * interval '1 second' from generate_series(1, 300) g`.execute(app.ctx.db);
    const flood = engine === "postgres" ? 100_000 : 5_000;
    await sql`insert into messages (channel_id, content, sender_name, sender_email)
      select ${busy}, 'busy ' || g, 'n', 'n@example.test' from generate_series(1, ${flood}) g`.execute(app.ctx.db);
    // 1,100 people in the directory, beyond the 1,000 one list answer holds.
    await sql`insert into users (email, full_name, department, job_title)
      select 'person' || g || '@example.test', 'Person ' || lpad(g::text, 4, '0'), case when g % 100 = 7 then 'Research 100%' else 'Sales' end, 'Clerk'
      from generate_series(1, 1100) g`.execute(app.ctx.db);
    await sql`analyze`.execute(app.ctx.db);
  }, 300_000);
  afterAll(() => app?.stop(), 60_000);

  it("serves the newest page of one channel newest-first, exactly, by created_date and by id", async () => {
    const m = api(app, member.token);
    for (const sort of ["-created_date", "-id"]) {
      const res = await m.get(`/api/entities/messages${qs({ where: JSON.stringify({ channel_id: quiet }), sort, limit: "50" })}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(50);
      expect(res.body[0].content).toBe("quiet 300");
      expect(res.body[49].content).toBe("quiet 251");
    }
    // Older pages by key, as the chat client asks for them.
    const older = await m.get(`/api/entities/messages${qs({ where: JSON.stringify({ channel_id: quiet, id: { lt: 251 } }), sort: "-id", limit: "50" })}`);
    expect(older.body[0].content).toBe("quiet 250");
  });

  it.runIf(engine === "postgres")("plans the newest page on the channel index, not a walk of the primary key", async () => {
    for (const sort of ["-created_date", "-id"]) {
      const q = parseListQuery("messages", { where: JSON.stringify({ channel_id: quiet }), sort, limit: "50" });
      const compiled = listQuery(app.ctx.db, "messages", { readable: messagesPolicy.readFilter(member.user) as Condition, ...q }).compile();
      const plan = await app.ctx.db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]));
      const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      const ms = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
      console.log(`newest 50 of a quiet channel beside 100k busy-channel messages, sort=${sort}: ${ms} ms`);
      expect(text, text).toMatch(sort === "-id" ? /messages_channel_id_idx/ : /messages_channel_time_id_idx/);
      expect(text, text).not.toMatch(/messages_pkey/);
      expect(text, text).not.toMatch(/Seq Scan on messages/);
    }
  });

  it("caps offset with a clear 400 that points to paging by id", async () => {
    const m = api(app, member.token);
    expect((await m.get(`/api/entities/messages${qs({ offset: String(MAX_OFFSET) })}`)).status).toBe(200);
    const res = await m.get(`/api/entities/messages${qs({ offset: String(MAX_OFFSET + 1) })}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/offset must be at most 10000/);
  });

  it("pages the directory past 1,000 people and searches it on the server", async () => {
    const m = api(app, member.token);
    const first = await m.get(`/api/entities/users${qs({ sort: "full_name", limit: "1000" })}`);
    expect(first.body).toHaveLength(1000);
    const rest = await m.get(`/api/entities/users${qs({ sort: "full_name", limit: "1000", offset: "1000" })}`);
    expect(rest.body.length).toBe(1101 - 1000);
    const ids = new Set([...first.body, ...rest.body].map((u: { id: number }) => u.id));
    expect(ids.size).toBe(1101);

    const byName = await m.get(`/api/entities/users${qs({ q: "person 1050" })}`);
    expect(byName.body.map((u: { email: string }) => u.email)).toEqual(["person1050@example.test"]);
    const byEmail = await m.get(`/api/entities/users${qs({ q: "PERSON1099@" })}`);
    expect(byEmail.body.map((u: { full_name: string }) => u.full_name)).toEqual(["Person 1099"]);
    // LIKE wildcards in the text are literal: "100%" finds the department, not every "100...".
    const byDept = await m.get(`/api/entities/users${qs({ q: "research 100%", sort: "full_name" })}`);
    expect(byDept.body).toHaveLength(11);
    expect(byDept.body[0].department).toBe("Research 100%");
    const none = await m.get(`/api/entities/users${qs({ q: "_" })}`);
    expect(none.body).toEqual([]);
    const combined = await m.get(`/api/entities/users${qs({ q: "person", where: JSON.stringify({ department: "Research 100%" }) })}`);
    expect(combined.body).toHaveLength(11);

    expect((await m.get(`/api/entities/tasks${qs({ q: "x" })}`)).status).toBe(400);
    expect((await m.get(`/api/entities/users${qs({ q: "x".repeat(201) })}`)).status).toBe(400);
  });
});
