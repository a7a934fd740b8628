// GET /api/search (docs/search.md): words (stems and prefixes), quoted phrases, URL fragments,
// CJK substrings, the filters, the other groups, and the read rule inside the query: nothing from a
// channel the reader may not read now.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql } from "kysely";
import { ENGINES, startTestApp, makeUser, api, makeChannel, makeMessage, makeTask, makeNote, makeSharedFile, type TestApp, type TestUser } from "../../test/harness";
import { parseSearch, snippet } from "@shared/search";
import { explainMessageSearch, searchMessages } from "./messages";
import { RANDOM_READ, type Strategy } from "./plan";

describe("search query syntax", () => {
  it("reads words, phrases, fragments, CJK text and filters", () => {
    expect(parseSearch('Deplo "Release notes" example.com/path 会议记录 in:#General from:@ann before:2026-01-31 after:2026-01-01 has:file')).toEqual({
      terms: [
        { kind: "word", text: "deplo" },
        { kind: "phrase", text: "release notes" },
        { kind: "substring", text: "example.com/path" },
        { kind: "substring", text: "会议记录" },
      ],
      filters: { in: ["general"], from: ["ann"], before: "2026-01-31", after: "2026-01-01", hasFile: true },
    });
    expect(parseSearch('"hello, world" "v1.2 notes" a/ don\'t (x)').terms).toEqual([
      { kind: "phrase", text: "hello world" },
      { kind: "substring", text: "v1.2 notes" },
      { kind: "word", text: "a" },
      { kind: "substring", text: "don't" },
      { kind: "word", text: "x" },
    ]);
    expect(() => parseSearch("before:2026-02-30")).toThrow(/YYYY-MM-DD/);
    expect(() => parseSearch("has:link")).toThrow(/has:file/);
  });

  it("marks matches as segments, never as HTML", () => {
    expect(snippet("The <b>deployment</b> is done", [{ kind: "word", text: "deplo" }])).toEqual([
      { text: "The <b>", match: false },
      { text: "deployment", match: true },
      { text: "</b> is done", match: false },
    ]);
  });
});

type Answer = { messages: Array<{ id: number; channel_name: string; snippet: Array<{ text: string; match: boolean }> }>; tasks: Array<{ title: string }>; notes: Array<{ topic: string }>; files: Array<{ name: string }> };

describe.each(ENGINES)("search (%s)", (engine) => {
  let app: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let outsider: TestUser;
  let general: { id: number };
  let secret: { id: number };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // Many searches by one person: the per-person limit (SEARCH_RATE_LIMIT) has its own test.
    app = await startTestApp(engine, {}, { SEARCH_RATE_LIMIT: "100000" });
    ann = await makeUser(app, { full_name: "Ann Archer" });
    bob = await makeUser(app);
    outsider = await makeUser(app);
    general = (await makeChannel(app, { name: "general" })) as { id: number };
    secret = (await makeChannel(app, { name: "secret-plans", type: "private", members: [ann.email, bob.email] })) as { id: number };
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    ids.deploy = ((await makeMessage(app, general.id, ann, { content: "The deployment finished at noon", created_at: day("2026-03-10") })) as { id: number }).id;
    ids.release = ((await makeMessage(app, general.id, bob, { content: "Please read the release notes before Friday", created_at: day("2026-03-11") })) as { id: number }).id;
    ids.notes = ((await makeMessage(app, general.id, bob, { content: "notes on the release", created_at: day("2026-03-12") })) as { id: number }).id;
    ids.url = ((await makeMessage(app, general.id, ann, { content: "See https://example.com/path/to/page?x=1 for details", created_at: day("2026-03-13") })) as { id: number }).id;
    ids.cjk = ((await makeMessage(app, general.id, bob, { content: "明天的会议记录在这里", created_at: day("2026-03-14") })) as { id: number }).id;
    ids.file = ((await makeMessage(app, general.id, ann, { content: "budget sheet", message_type: "file", file_url: "/api/files/x", file_name: "budget.xlsx", created_at: day("2026-03-15") })) as { id: number }).id;
    ids.secret = ((await makeMessage(app, secret.id, ann, { content: "The secret deployment of zebra", created_at: day("2026-03-16") })) as { id: number }).id;
    await makeTask(app, { title: "Plan the deployment", created_by: ann.email, assignee_email: ann.email, assignee_emails: [ann.email] });
    await makeTask(app, { title: "Deployment for someone else", created_by: bob.email, assignee_email: bob.email, assignee_emails: [bob.email] });
    await makeNote(app, ann.email, { topic: "Deployment checklist", content: "steps of a deployment" });
    await makeSharedFile(app, ann.email, { name: "deployment-guide.pdf" });
    await makeSharedFile(app, bob.email, { name: "deployment-private.pdf" });
  }, 240_000);
  afterAll(() => app?.stop(), 60_000);

  const search = async (u: TestUser, q: string) => {
    const res = await api(app, u.token).get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Answer;
  };
  const found = async (u: TestUser, q: string) => (await search(u, q)).messages.map((m) => m.id);

  it("finds words by stem and by prefix, all words required, newest first", async () => {
    expect(await found(ann, "deployments")).toEqual([ids.secret, ids.deploy]);
    expect(await found(ann, "deplo")).toEqual([ids.secret, ids.deploy]);
    expect(await found(ann, "DEPLOYM noon")).toEqual([ids.deploy]);
    expect(await found(ann, "the")).toEqual(expect.arrayContaining([ids.deploy, ids.release]));
    expect(await found(ann, "'); drop table messages; --")).toEqual([]);
  });

  it("finds quoted phrases as consecutive words", async () => {
    expect(await found(ann, '"release notes"')).toEqual([ids.release]);
    expect(await found(ann, "release notes")).toEqual([ids.notes, ids.release]);
  });

  it("finds URLs and their fragments", async () => {
    expect(await found(ann, "example.com/path")).toEqual([ids.url]);
    expect(await found(ann, "https://example.com/path/to/page")).toEqual([ids.url]);
    expect(await found(ann, "path/to")).toEqual([ids.url]);
    expect(await found(ann, "example.org")).toEqual([]);
    expect(await found(ann, "page?x=1")).toEqual([ids.url]);
    expect(await found(ann, '"for details"')).toEqual([ids.url]);
  });

  it("finds a token holding a symbol as written, and punctuation around words as the words", async () => {
    const misc = (await makeChannel(app, { name: "misc" })) as { id: number };
    const m = async (content: string) => ((await makeMessage(app, misc.id, ann, { content })) as { id: number }).id;
    const version = await m("Shipping v1.2.3 today (don't panic), see guide/setup.md");
    const mail = await m("write to ops-team@example.net, please");
    expect(await found(ann, "v1.2")).toEqual([version]);
    expect(await found(ann, "don't")).toEqual([version]);
    expect(await found(ann, '"v1.2.3 today"')).toEqual([version]);
    expect(await found(ann, '"v1.2.3 tomorrow"')).toEqual([]);
    expect(await found(ann, "guide/setup")).toEqual([version]);
    expect(await found(ann, "(setup.md)")).toEqual([version]);
    expect(await found(ann, "ops-team@example")).toEqual([mail]);
    expect(await found(ann, '"today, don"')).toEqual([version]);
    expect(await found(ann, "shipping,")).toEqual([version]);
  });

  it("finds Chinese text by substring", async () => {
    expect(await found(ann, "会议记录")).toEqual([ids.cjk]);
    expect(await found(ann, "会议")).toEqual([ids.cjk]);
    expect(await found(ann, "会谈")).toEqual([]);
  });

  it("narrows by channel, person, day and file", async () => {
    expect(await found(ann, "deployment in:#general")).toEqual([ids.deploy]);
    expect(await found(ann, "in:#secret-plans")).toEqual([ids.secret]);
    expect(await found(ann, `release from:@${bob.email.split("@")[0]}`)).toEqual([ids.notes, ids.release]);
    expect(await found(ann, "deployment from:@archer")).toEqual([ids.secret, ids.deploy]);
    expect(await found(ann, "release from:@archer")).toEqual([]);
    expect(await found(ann, "in:#general before:2026-03-12")).toEqual([ids.release, ids.deploy]);
    expect(await found(ann, "in:#general after:2026-03-13")).toEqual([ids.file, ids.cjk]);
    expect(await found(ann, "has:file")).toEqual([ids.file]);
  });

  it("answers with channel names, highlighted snippets and the other groups, each within the reader's rights", async () => {
    const a = await search(ann, "deployment");
    expect(a.messages[1].channel_name).toBe("general");
    expect(a.messages[1].snippet).toEqual([
      { text: "The ", match: false },
      { text: "deployment", match: true },
      { text: " finished at noon", match: false },
    ]);
    expect(a.tasks.map((t) => t.title)).toEqual(["Plan the deployment"]);
    expect(a.notes.map((n) => n.topic)).toEqual(["Deployment checklist"]);
    expect(a.files.map((f) => f.name)).toEqual(["deployment-guide.pdf"]);
    const o = await search(outsider, "deployment");
    expect(o.tasks).toEqual([]);
    expect(o.notes).toEqual([]);
    expect(o.files).toEqual([]);
  });

  it("finds nothing from a private channel for a non-member, and a member who leaves loses it", async () => {
    expect(await found(outsider, "zebra")).toEqual([]);
    expect(await found(outsider, "in:#secret-plans")).toEqual([]);
    expect(await found(outsider, "deployment")).toEqual([ids.deploy]);
    expect(await found(bob, "zebra")).toEqual([ids.secret]);
    const left = await api(app, bob.token).patch(`/api/entities/channels/${secret.id}`, { members: [ann.email] });
    expect(left.status).toBe(200);
    expect(await found(bob, "zebra")).toEqual([]);
    expect(await found(ann, "zebra")).toEqual([ids.secret]);
  });

  it("refuses bad input with clear 400s", async () => {
    const bad = async (qs: string, msg: RegExp) => {
      const res = await api(app, ann.token).get(`/api/search${qs}`);
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toMatch(msg);
    };
    await bad("", /q is missing/);
    await bad("?q=%20%20", /q is missing/);
    await bad("?q=a&q=b", /q must be text/);
    await bad(`?q=${"x".repeat(501)}`, /at most 500/);
    await bad("?q=before:yesterday", /before: needs a date/);
    await bad("?q=has:link", /has:file/);
    await bad("?q=%21%21%21", /nothing to search for/);
    expect((await api(app).get("/api/search?q=x")).status).toBe(401);
  });

  it("finds Chinese, Japanese and Korean words of any length by their character pairs, alone and among Latin words", async () => {
    const m = async (content: string) => ((await makeMessage(app, general.id, bob, { content })) as { id: number }).id;
    const zh = await m("项目进度报告已经发给大家 see the roadmap");
    const ja = await m("会議は明日ですありがとうございます");
    const ko = await m("오늘 회의록을 공유합니다");
    expect(await found(ann, "项目")).toEqual([zh]);
    expect(await found(ann, "进度报")).toEqual([zh]);
    expect(await found(ann, "进度报告")).toEqual([zh]);
    expect(await found(ann, "报告已经发给")).toEqual([zh]);
    expect(await found(ann, "告")).toEqual([zh]);
    expect(await found(ann, "项目 roadmap")).toEqual([zh]);
    expect(await found(ann, "进度 deployment")).toEqual([]);
    expect(await found(ann, "度进")).toEqual([]);
    expect(await found(ann, "ありがとう")).toEqual([ja]);
    expect(await found(ann, "明日")).toEqual([ja]);
    expect(await found(ann, "회의록")).toEqual([ko]);
    expect(await found(ann, "회의")).toEqual([ko]);
    // The pairs never join two runs: 会议 and 记录 apart are not 会议记录.
    const apart = await m("会议 记录");
    expect(await found(ann, "会议记录")).toEqual([ids.cjk]);
    expect(await found(ann, '"会议 记录"')).toEqual([apart]);
  });

  it("finds a sender by full address, local part or part of the name, with or without words", async () => {
    const local = bob.email.split("@")[0];
    expect(await found(ann, `from:@${bob.email}`)).toEqual(await found(ann, `from:@${local}`));
    expect((await found(ann, `from:@${local}`)).length).toBeGreaterThan(0);
    expect(await found(ann, "from:@archer has:file")).toEqual([ids.file]);
    expect(await found(ann, "from:@nobody-at-all")).toEqual([]);
  });

  it("finds a message posted through the API in the answer right after its acknowledgement", async () => {
    const posted = await api(app, bob.token).post("/api/entities/messages", { channel_id: general.id, content: "fresh platypus sighting 新鲜事" });
    expect(posted.status).toBe(201);
    const id = (posted.body as { id: number }).id;
    expect(await found(ann, "platypus")).toEqual([id]);
    expect(await found(ann, "新鲜")).toEqual([id]);
  });

  it("ranks by relevance when asked: the message saying the words most and closest first, newest first on ties", async () => {
    const ranks = (await makeChannel(app, { name: "ranks" })) as { id: number };
    const m = async (content: string, day: string) => ((await makeMessage(app, ranks.id, bob, { content, created_at: new Date(`${day}T12:00:00Z`) })) as { id: number }).id;
    const dense = await m("kumquat pie: the kumquat pie recipe, kumquat pie again", "2026-01-01");
    const apart = await m("a kumquat, and much later some pie", "2026-01-02");
    const newest = await m("kumquat and pie", "2026-01-03");
    expect(await found(ann, "kumquat pie in:#ranks")).toEqual([newest, apart, dense]);
    const res = await api(app, ann.token).get(`/api/search?q=${encodeURIComponent("kumquat pie in:#ranks")}&sort=relevance`);
    expect(res.status).toBe(200);
    expect((res.body as Answer & { sort: string }).sort).toBe("relevance");
    expect((res.body as Answer).messages.map((x) => x.id)).toEqual([dense, newest, apart]);
    const bad = await api(app, ann.token).get("/api/search?q=kumquat&sort=oldest");
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toMatch(/sort must be newest or relevance/);
  });

  it("never finds an edited message by its old text, nor a deleted one", async () => {
    const id = ((await makeMessage(app, general.id, ann, { content: "the quokka report" })) as { id: number }).id;
    expect(await found(ann, "quokka")).toEqual([id]);
    await app.ctx.db.updateTable("messages").set({ content: "the wombat report" }).where("id", "=", id).execute();
    expect(await found(ann, "quokka")).toEqual([]);
    expect(await found(ann, "wombat")).toEqual([id]);
    await app.ctx.db.updateTable("messages").set({ content: "", deleted_at: new Date() }).where("id", "=", id).execute();
    expect(await found(ann, "wombat")).toEqual([]);
    expect(await found(ann, "in:#general")).not.toContain(id);
    await app.ctx.db.deleteFrom("messages").where("id", "=", id).execute();
    expect(await found(ann, "report")).not.toContain(id);
  });

  it("gives the same answer whichever way it is served, the read rule included", async () => {
    const db = app.ctx.db;
    await sql`insert into messages (channel_id, content, sender_id, sender_name, sender_email, created_at)
      select case when g % 3 = 0 then ${secret.id}::int else ${general.id}::int end,
             'filler ' || (array['alpha','beta','gamma','delta'])[1 + g % 4] || ' number ' || g || case when g % 7 = 0 then ' 数据库的会议' else '' end,
             ${bob.user.id}, 'Bob', ${bob.email}, now() - make_interval(mins => g)
      from generate_series(1, 300) g`.execute(db);
    await sql`analyze messages`.execute(db);
    const queries = ["filler", "filler alpha", "gamma number", "数据库", "会议 filler", "filler in:#general", `beta from:@${bob.email.split("@")[0]}`, "in:#secret-plans", "has:file", "delta before:2099-01-01", "number after:2000-01-01"];
    const ways: Strategy[] = ["text index", "time walk", "sender walk", "channel walk", "file walk"];
    for (const reader of [ann, outsider]) {
      for (const q of queries) {
        const parsed = parseSearch(q);
        const answers = new Map<string, number[]>();
        for (const way of ways) {
          if (way === "text index" && !parsed.terms.length) continue;
          if (way === "sender walk" && !parsed.filters.from.length) continue;
          if (way === "channel walk" && !parsed.filters.in.length) continue;
          if (way === "file walk" && !parsed.filters.hasFile) continue;
          answers.set(way, (await searchMessages(db, reader.user, parsed, { force: way })).map((m) => m.id));
        }
        const rows = await searchMessages(db, reader.user, parsed);
        const chosen = rows.map((m) => m.id);
        for (const [way, ids] of answers) expect(ids, `${q} by ${way} for ${reader.email}`).toEqual(chosen);
        if (reader === outsider) expect(rows.filter((m) => m.channel_name !== "general"), q).toEqual([]);
      }
    }
    // The outsider never sees the private channel's third of the filler.
    const outside = await searchMessages(db, outsider.user, parseSearch("filler"), { limit: 100 });
    expect(outside.length).toBeGreaterThan(0);
    expect(new Set(outside.map((m) => m.channel_name))).toEqual(new Set(["general"]));
  });

  it("shows a mention in a snippet as the person's name, never the token", async () => {
    const room = (await makeChannel(app, { name: "snippets" })) as { id: number };
    await makeMessage(app, room.id, ann, { content: `@[Bob Brown](${bob.email}) the walrus count is in` });
    const [hit] = (await search(ann, "walrus")).messages;
    expect(hit.snippet.map((x) => x.text).join("")).toBe("@Bob Brown the walrus count is in");
  });
});

// What each way reads, on real Postgres with statistics (EXPLAIN (ANALYZE, BUFFERS)): a rare word
// only its matches, a common word about as many rows as it returns, a word common only in a
// channel the reader cannot read no more than its matches, each filter its own index.
describe.runIf(ENGINES.includes("postgres"))("search plans (postgres)", () => {
  let app: TestApp;
  let ann: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    app = await startTestApp("postgres");
    ann = await makeUser(app);
    outsider = await makeUser(app);
    const general = (await makeChannel(app, { name: "general" })) as { id: number };
    const secret = (await makeChannel(app, { name: "secret", type: "private", members: [ann.email] })) as { id: number };
    // 40,000 messages of varied words; "hushword" 2,000 times, all in the private channel; a file every 500th.
    await sql`insert into messages (channel_id, content, sender_id, sender_name, sender_email, message_type, file_url, created_at)
      select case when g % 20 = 0 then ${secret.id}::int else ${general.id}::int end,
             case when g % 20 = 0 then 'hushword ' else '' end || 'chatter w' || (g % 997) || ' v' || (g % 5003) || case when g = 777 then ' zebra' else '' end,
             ${ann.user.id}, 'Ann', ${ann.email},
             case when g % 500 = 0 then 'file' else 'text' end, case when g % 500 = 0 then '/api/files/x' end,
             now() - make_interval(secs => 40000 - g)
      from generate_series(1, 40000) g`.execute(app.ctx.db);
    await sql`vacuum analyze messages`.execute(app.ctx.db);
  }, 240_000);
  afterAll(() => app?.stop(), 60_000);

  const explain = async (u: TestUser, q: string) => {
    const plan = await explainMessageSearch(app.ctx.db, u.user, parseSearch(q), { analyze: true });
    if (process.env.SHOW_PLANS) console.log(`${q}\n${plan}\nrows read: ${rowsRead(plan)}`);
    return plan;
  };
  /** Rows the scans of a plan read: each scan of a table or index, its rows and those its filter removed. */
  const rowsRead = (plan: string) =>
    [...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Heap Scan|Seq Scan)[^\n]*actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)((?:\n {8,}[^\n]*)*)/g)].reduce((n, m) => {
      const removed = /Rows Removed by Filter: (\d+)/.exec(m[3] ?? "");
      return n + Number(m[1]) * Number(m[2]) + Number(removed?.[1] ?? 0);
    }, 0);

  // Each found through the text index, reading only its one match: the query, the index, a message posted first.
  it.each([
    { what: "a fragment, through the trigram index of tokens holding a symbol", q: "example.org/runbook", index: "messages_symbols_trgm_idx", post: "see https://wiki.example.org/runbook/restart-42 now" },
    { what: "a two-character CJK word, through its pair", q: "周报", index: "messages_search_idx", post: "今天的周报已经发了" },
    { what: "a rare word", q: "zebra", index: "messages_search_idx", post: null },
  ])("reads $what", async ({ q, index, post }) => {
    if (post) await makeMessage(app, (await makeChannel(app)).id, ann, { content: post });
    const plan = await explain(ann, q);
    expect(plan.split("\n")[0]).toBe("text index");
    expect(plan).toContain(index);
    expect(rowsRead(plan)).toBeLessThan(10);
  }, 60_000);

  it("walks newest first for a common word, reading about what it returns", async () => {
    const plan = await explain(ann, "chatter");
    expect(plan.split("\n")[0]).toMatch(/^time walk/);
    expect(plan).toContain("messages_time_idx");
    expect(rowsRead(plan)).toBeLessThan(200);
  }, 60_000);

  it("reads no more than a word's matches when they are all where the reader cannot read", async () => {
    const plan = await explain(outsider, "hushword");
    expect(plan).not.toContain("Seq Scan");
    // At most a few times what the text index alone reads (a fetched match costs RANDOM_READ rows walked).
    expect(rowsRead(plan)).toBeLessThan(2000 * RANDOM_READ);
    expect(await searchMessages(app.ctx.db, outsider.user, parseSearch("hushword"))).toEqual([]);
  }, 60_000);

  it("serves each filter alone through its own index", async () => {
    const local = ann.email.split("@")[0];
    const from = await explain(ann, `from:@${local}`);
    expect(from.split("\n")[0]).toMatch(/time walk|sender walk/);
    const files = await explain(ann, "has:file");
    expect(files.split("\n")[0]).toMatch(/^file walk/);
    expect(files).toContain("messages_files_time_idx");
    expect(rowsRead(files)).toBeLessThan(60);
    const inChannel = await explain(ann, "in:#secret");
    expect(inChannel.split("\n")[0]).toMatch(/^channel walk/);
    expect(inChannel).toContain("messages_channel_time_id_idx");
    expect(rowsRead(inChannel)).toBeLessThan(60);
  }, 60_000);
});
