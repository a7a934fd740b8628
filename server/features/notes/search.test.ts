// GET /notes/search: server-side full-text search over topic, content and tags, only over the
// caller's own notes, pinned first then newest; bad input is a 400.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, makeNote, type TestApp, type TestUser } from "../../test/harness";
import { searchWords } from "./repository";

describe("notes search words", () => {
  it("keeps letters and digits only, so nothing typed is query syntax", () => {
    expect(searchWords("Hello, wörld! a&b | !c:* 42")).toEqual(["hello", "wörld", "a", "b", "c", "42"]);
    expect(searchWords("  ")).toEqual([]);
  });
});

describe.each(ENGINES)("notes search (%s)", (engine) => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine);
    owner = await makeUser(app);
    other = await makeUser(app);
  }, 240_000);
  afterAll(() => app?.stop(), 60_000);

  const search = (u: TestUser, q: string) => api(app, u.token).get(`/api/notes/search?q=${encodeURIComponent(q)}`);
  const topics = (rows: { topic: string }[]) => rows.map((r) => r.topic);

  it("finds words in the topic, the body and the tags, as prefixes, all words required", async () => {
    const old = new Date(Date.now() - 86_400_000);
    await makeNote(app, owner.email, { topic: "Groceries", content: "Buy oat milk and bread", tags: ["home"], updated_at: old });
    await makeNote(app, owner.email, { topic: "Sprint review", content: "Demo the **roadmap**", tags: ["work", "quarterly"] });
    await makeNote(app, owner.email, { topic: "Pinned idea", content: "Bread recipe", is_pinned: true, updated_at: old });
    await makeNote(app, other.email, { topic: "Someone else's bread", content: "bread" });

    expect(topics((await search(owner, "bread")).body as never)).toEqual(["Pinned idea", "Groceries"]);
    expect(topics((await search(owner, "roadm")).body as never)).toEqual(["Sprint review"]);
    expect(topics((await search(owner, "QUARTERLY")).body as never)).toEqual(["Sprint review"]);
    expect(topics((await search(owner, "oat bread")).body as never)).toEqual(["Groceries"]);
    expect(topics((await search(owner, "oat roadmap")).body as never)).toEqual([]);
    expect(topics((await search(owner, "'); drop table notes; --")).body as never)).toEqual([]);
    expect(topics((await search(owner, "")).body as never)).toEqual(["Pinned idea", "Sprint review", "Groceries"]);
    expect(topics((await search(other, "bread")).body as never)).toEqual(["Someone else's bread"]);
  });

  it("presents rows like the Entity API and refuses bad input", async () => {
    const res = await search(owner, "milk");
    expect(res.status).toBe(200);
    expect(Object.keys((res.body as object[])[0]).sort()).toEqual(
      ["id", "created_date", "updated_date", "topic", "content", "tags", "is_pinned", "mood", "created_by", "org_key"].sort(),
    );
    expect((await api(app).get("/api/notes/search?q=x")).status).toBe(401);
    expect((await api(app, owner.token).get(`/api/notes/search?q=${"x".repeat(501)}`)).status).toBe(400);
    expect((await api(app, owner.token).get("/api/notes/search?q=a&q=b")).status).toBe(400);
  });
});
