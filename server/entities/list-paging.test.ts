// List queries that stay cheap at size: every page of a channel the client and the resync ask for
// comes from a channel index whatever the traffic elsewhere and however big the channel, offsets
// are capped, and the directory pages and searches on the server.
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
  let big: number;
  let bigSize: number;
  let lastBig: number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    member = await makeUser(app, { full_name: "Directory Reader" });
    big = (await makeChannel(app, { name: "big" })).id;
    quiet = (await makeChannel(app, { name: "quiet" })).id;
    busy = (await makeChannel(app, { name: "busy" })).id;
    // A channel holding most of the table, then 300 messages in a quiet one, then a flood in a
    // busy one: both channels' newest messages are far from the newest ids, and Postgres believes
    // the big channel's rows are spread evenly over them.
    bigSize = engine === "postgres" ? 100_000 : 1_000;
    await sql`insert into messages (channel_id, content, sender_name, sender_email, created_at)
      select ${big}, 'big ' || g, 'n', 'n@example.test', now() - interval '2 days' + g * interval '1 millisecond' from generate_series(1, ${bigSize}) g`.execute(app.ctx.db);
    lastBig = Number((await sql<{ id: number }>`select max(id) as id from messages`.execute(app.ctx.db)).rows[0].id);
    await sql`insert into messages (channel_id, content, sender_name, sender_email, created_at)
      select ${quiet}, 'quiet ' || g, 'n', 'n@example.test', now() - interval '1 day' + g * interval '1 second' from generate_series(1, 300) g`.execute(app.ctx.db);
    const flood = engine === "postgres" ? 10_000 : 5_000;
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
      const bigPage = await m.get(`/api/entities/messages${qs({ where: `channel_id = ${big}`, sort, limit: "50" })}`);
      expect(bigPage.body.map((r: { content: string }) => r.content)).toEqual(Array.from({ length: 50 }, (_, i) => `big ${bigSize - i}`));
    }
    // Older pages by key, as the chat client asks for them.
    const older = await m.get(`/api/entities/messages${qs({ where: JSON.stringify({ channel_id: quiet, id: { lt: lastBig + 251 } }), sort: "-id", limit: "50" })}`);
    expect(older.body[0].content).toBe("quiet 250");
    // The resync of docs/protocol.md: what came after the last id held, oldest first.
    const after = (afterId: number) => m.get(`/api/entities/messages${qs({ where: JSON.stringify({ channel_id: big, id: { gt: afterId } }), sort: "id", limit: "500" })}`);
    expect((await after(lastBig)).body).toEqual([]);
    expect((await after(lastBig - 3)).body.map((r: { content: string }) => r.content)).toEqual([`big ${bigSize - 2}`, `big ${bigSize - 1}`, `big ${bigSize}`]);
  });

  // Every message list the web client and the resync of docs/protocol.md ask for, with the index that must serve it.
  const CLIENT_LISTS = (): Array<{ what: string; query: Record<string, string>; index: string }> => [
    { what: "newest page of the big channel", query: { where: JSON.stringify({ channel_id: big }), sort: "-id", limit: "50" }, index: "messages_channel_id_idx" },
    { what: "newest page, text where", query: { where: `channel_id = ${big}`, sort: "-id", limit: "50" }, index: "messages_channel_id_idx" },
    { what: "newest page by time", query: { where: JSON.stringify({ channel_id: big }), sort: "-created_date", limit: "50" }, index: "messages_channel_time_id_idx" },
    { what: "older page", query: { where: JSON.stringify({ channel_id: big, id: { lt: lastBig - 500 } }), sort: "-id", limit: "50" }, index: "messages_channel_id_idx" },
    { what: "resync after a flood elsewhere", query: { where: JSON.stringify({ channel_id: big, id: { gt: lastBig } }), sort: "id", limit: "500" }, index: "messages_channel_id_idx" },
    { what: "resync of the quiet channel", query: { where: JSON.stringify({ channel_id: quiet, id: { gt: lastBig } }), sort: "id", limit: "500" }, index: "messages_channel_id_idx" },
    { what: "newest page of the quiet channel", query: { where: JSON.stringify({ channel_id: quiet }), sort: "-id", limit: "50" }, index: "messages_channel_id_idx" },
  ];

  interface PlanNode {
    "Node Type": string;
    "Relation Name"?: string;
    "Index Name"?: string;
    "Actual Rows": number;
    "Rows Removed by Filter"?: number;
    Plans?: PlanNode[];
  }
  const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

  it.runIf(engine === "postgres")("plans every list the client and the resync use on a channel index, reading only the rows it returns", async () => {
    for (const { what, query, index } of CLIENT_LISTS()) {
      const q = parseListQuery("messages", query);
      const compiled = listQuery(app.ctx.db, "messages", { readable: messagesPolicy.readFilter(member.user) as Condition, ...q }).compile();
      const res = await app.ctx.db.executeQuery<{ "QUERY PLAN": Array<{ Plan: PlanNode; "Execution Time": number }> }>(
        CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
      );
      const [{ Plan: plan, "Execution Time": ms }] = res.rows[0]["QUERY PLAN"];
      const shown = `${what}: ${JSON.stringify(plan, null, 1)}`;
      const scans = nodesOf(plan).filter((n) => n["Relation Name"] === "messages");
      console.log(`${what} (${query.sort}): ${ms} ms on ${scans.map((n) => `${n["Node Type"]} ${n["Index Name"] ?? ""}`).join(", ")}`);
      expect(scans, shown).toHaveLength(1);
      expect(scans[0]["Index Name"], shown).toBe(index);
      expect(scans[0]["Rows Removed by Filter"] ?? 0, shown).toBe(0);
      // No walk: the scan reads at most the page (plus the row that tells the limit it is done).
      expect(scans[0]["Actual Rows"], shown).toBeLessThanOrEqual(Number(query.limit) + 1);
      expect(nodesOf(plan).some((n) => n["Index Name"] === "messages_pkey"), shown).toBe(false);
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
