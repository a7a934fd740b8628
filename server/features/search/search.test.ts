// GET /api/search (docs/search.md): words (stems and prefixes), quoted phrases, URL fragments,
// CJK substrings, the filters, the other groups, and the read rule inside the query: nothing from a
// channel the reader may not read now.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql } from "kysely";
import { ENGINES, startTestApp, makeUser, api, makeChannel, makeMessage, makeTask, makeNote, makeSharedFile, type TestApp, type TestUser } from "../../test/harness";
import { parseSearch, snippet } from "@shared/search";
import { COMMON_MATCHES, explainMessageSearch } from "./repository";

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
    app = await startTestApp(engine);
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

  it("searches a common word channel by channel, still only where the reader may read", async () => {
    const db = app.ctx.db;
    await sql`insert into messages (channel_id, content, sender_name, sender_email, created_at)
      select ${general.id}, 'filler message number ' || g, 'Bot', 'bot@example.test', now() - make_interval(secs => g)
      from generate_series(1, ${COMMON_MATCHES}) g`.execute(db);
    // Newer, in the private channel: first in the answer if the read rule were not applied.
    await sql`insert into messages (channel_id, content, sender_name, sender_email, created_at)
      select ${secret.id}, 'secret filler ' || g, 'Bot', 'bot@example.test', now() + make_interval(secs => g)
      from generate_series(1, 30) g`.execute(db);
    expect((await explainMessageSearch(db, outsider.user, parseSearch("filler"))).split("\n")[0]).toBe("by channel");
    const outside = await search(outsider, "filler");
    expect(outside.messages).toHaveLength(20);
    expect(new Set(outside.messages.map((m) => m.channel_name))).toEqual(new Set(["general"]));
    expect(outside.messages[0].snippet).toEqual([
      { text: "filler", match: true },
      { text: " message number 1", match: false },
    ]);
    const inside = await search(ann, "filler");
    expect(new Set(inside.messages.map((m) => m.channel_name))).toEqual(new Set(["secret-plans"]));
    expect((await search(ann, "filler in:#general")).messages.map((m) => m.channel_name)).toEqual(Array(20).fill("general"));
  });

  it.runIf(engine === "postgres")("plans a rare word on the GIN index and a common one on the channels' history index", async () => {
    const db = app.ctx.db;
    // Varied text, as real messages are, and enough of it that the planner knows a word it has no
    // statistics for is rare and prefers the GIN index to reading the table (a prefix is costed as a
    // partial match, so a small table is read whole instead).
    await sql`insert into messages (channel_id, content, sender_name, sender_email)
      select ${general.id}, 'chatter ' || md5(g::text) || ' ' || (g % 500), 'Bot', 'bot@example.test' from generate_series(1, 200000) g`.execute(db);
    await sql`analyze messages`.execute(db);
    const rare = await explainMessageSearch(db, ann.user, parseSearch("zebra"));
    expect(rare).toContain("messages_search_idx");
    const prefix = await explainMessageSearch(db, ann.user, parseSearch("zeb"));
    expect(prefix).toContain("messages_search_idx");
    const common = await explainMessageSearch(db, ann.user, parseSearch("filler"));
    expect(common).toContain("messages_channel_time_id_idx");
  });
});
