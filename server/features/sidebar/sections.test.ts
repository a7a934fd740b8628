// The sidebar's sections (docs/channels.md, "Sidebar"): the defaults are made once, sections of
// one's own are created, renamed, sorted, collapsed and deleted through the Entity API, channels
// move between sections and sections are reordered through their commands, over the socket and
// REST alike. Every change reaches the owner's other tabs and nobody else; another person's
// sections can be neither read nor changed; bad input gets a 400 that says what is wrong.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { EntityChange } from "@shared/realtime";
import { SIDEBAR_SECTIONS_MAX, type SidebarSection } from "@shared/entities";
import { ENGINES, startTestApp, makeUser, api, makeChannel, type TestApp, type TestUser } from "../../test/harness";
import { call, connect, record, sleep, until, type ClientSocket } from "../../test/clients";
import { DEFAULT_KEPT, ONLY_NAME_SORT_COLLAPSED, TOO_MANY_SECTIONS } from "./policy";
import { ORDER_MISMATCH, SECTION_NOT_FOUND, placeAt } from "./sections";

describe("placeAt", () => {
  it("inserts once, at a clamped index", () => {
    expect(placeAt([1, 2, 3], 9, 1)).toEqual([1, 9, 2, 3]);
    expect(placeAt([1, 2, 3], 2, 0)).toEqual([2, 1, 3]);
    expect(placeAt([1, 2, 3], 1, 99)).toEqual([2, 3, 1]);
    expect(placeAt([1, 2, 3], 4, undefined)).toEqual([1, 2, 3, 4]);
  });
});

describe.each(ENGINES)("sidebar sections (%s)", (engine) => {
  let app: TestApp;
  let me: TestUser, other: TestUser;
  let tab1: ClientSocket, tab2: ClientSocket, otherTab: ClientSocket;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    me = await makeUser(app, { full_name: "Sid Bar" });
    other = await makeUser(app, { full_name: "Otto Other" });
    [tab1, tab2, otherTab] = await Promise.all([connect(app.url, me.token), connect(app.url, me.token), connect(app.url, other.token)]);
    sockets.push(tab1, tab2, otherTab);
  }, 240_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  }, 60_000);

  const setup = async (s: ClientSocket) => {
    const ack = await call<SidebarSection[]>(s, "sidebar_sections.setup", {});
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    return ack.ok ? ack.data : [];
  };
  const kind = (rows: SidebarSection[], k: string) => rows.find((r) => r.kind === k)!;
  const changesOf = (list: EntityChange[]) => list.filter((c) => c.table === "sidebar_sections");

  it("makes Favourites, Channels and Direct messages once, however often and from wherever it is asked", async () => {
    const [a, b] = await Promise.all([setup(tab1), api(app, me.token).post("/api/sidebar/setup", {})]);
    expect(b.status).toBe(200);
    expect(a.map((r) => [r.kind, r.name, r.sort, r.position])).toEqual([
      ["favourites", "Favourites", "manual", 0],
      ["channels", "Channels", "alpha", 1],
      ["dms", "Direct messages", "recent", 2],
    ]);
    expect((b.body as SidebarSection[]).map((r) => r.id)).toEqual(a.map((r) => r.id));
    const again = await setup(tab1);
    expect(again.map((r) => r.id)).toEqual(a.map((r) => r.id));
  });

  it("creates, renames, sorts, collapses and deletes a section of one's own; the other tab sees each change, nobody else does", async () => {
    const seen2 = record<EntityChange>(tab2, "entities.change");
    const seenOther = record<EntityChange>(otherTab, "entities.change");
    const made = await call<SidebarSection>(tab1, "sidebar_sections.create", { name: "  Projects  ", kind: "favourites", user_id: other.user.id, position: 0 });
    expect(made.ok, JSON.stringify(made)).toBe(true);
    if (!made.ok) return;
    // The body cannot say whose it is, what kind, or where: the server decides.
    expect(made.data).toMatchObject({ name: "Projects", kind: "custom", user_id: me.user.id, position: 3, sort: "manual", collapsed: false, channel_ids: [] });
    await until(seen2, (c) => c.table === "sidebar_sections" && c.op === "create" && c.id === made.data.id);

    const renamed = await api(app, me.token).patch(`/api/entities/sidebar_sections/${made.data.id}`, { name: "Launch", sort: "recent", collapsed: true });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Launch", sort: "recent", collapsed: true });
    await until(seen2, (c) => c.table === "sidebar_sections" && c.op === "update" && (c.row as SidebarSection | null)?.collapsed === true);

    const del = await call(tab1, "sidebar_sections.delete", { id: made.data.id });
    expect(del.ok).toBe(true);
    await until(seen2, (c) => c.table === "sidebar_sections" && c.op === "delete" && c.id === made.data.id);
    await sleep(200);
    expect(changesOf(seenOther)).toEqual([]);
  });

  it("keeps the default sections' names and itself to name, sort and collapsed", async () => {
    const rows = await setup(tab1);
    const favs = kind(rows, "favourites");
    const rename = await api(app, me.token).patch(`/api/entities/sidebar_sections/${favs.id}`, { name: "Stars" });
    expect(rename.status).toBe(403);
    expect(rename.body.error).toBe(DEFAULT_KEPT);
    const del = await api(app, me.token).delete(`/api/entities/sidebar_sections/${favs.id}`);
    expect(del.status).toBe(403);
    expect(del.body.error).toBe(DEFAULT_KEPT);
    // Collapsing and sorting a default section is fine.
    const collapse = await api(app, me.token).patch(`/api/entities/sidebar_sections/${favs.id}`, { collapsed: "true", sort: "alpha" });
    expect(collapse.status).toBe(200);
    expect(collapse.body).toMatchObject({ collapsed: true, sort: "alpha" });
    // position and channel_ids are the server's: ignored in a body, never stored.
    const sneaky = await api(app, me.token).patch(`/api/entities/sidebar_sections/${favs.id}`, { position: 99, channel_ids: [1, 2] });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body).toMatchObject({ position: favs.position, channel_ids: favs.channel_ids });
    expect(ONLY_NAME_SORT_COLLAPSED).toMatch(/sidebar_sections.move/);
  });

  it("moves a channel between sections in manual order, out of wherever it was, over the socket and REST", async () => {
    const rows = await setup(tab1);
    const a = await makeChannel(app, { name: "side-a", members: [me.email] });
    const b = await makeChannel(app, { name: "side-b", members: [me.email] });
    const c = await makeChannel(app, { name: "side-c", type: "private", members: [me.email] });
    const proj = (await api(app, me.token).post("/api/entities/sidebar_sections", { name: "Proj" })).body as SidebarSection;
    const seen2 = record<EntityChange>(tab2, "entities.change");
    const m1 = await call<SidebarSection[]>(tab1, "sidebar_sections.move", { channel_id: a.id, section_id: proj.id });
    expect(m1.ok && m1.data.map((r) => r.channel_ids)).toEqual([[a.id]]);
    await call(tab1, "sidebar_sections.move", { channel_id: b.id, section_id: proj.id, index: 0 });
    const m3 = await api(app, me.token).post("/api/sidebar/move", { channel_id: c.id, section_id: proj.id, index: 1 });
    expect(m3.status).toBe(200);
    expect((m3.body as SidebarSection[])[0].channel_ids).toEqual([b.id, c.id, a.id]);
    // Favouriting it takes it out of Proj: a channel sits in one section.
    const fav = await call<SidebarSection[]>(tab1, "sidebar_sections.move", { channel_id: b.id, section_id: kind(rows, "favourites").id });
    expect(fav.ok).toBe(true);
    if (!fav.ok) return;
    const byId = new Map(fav.data.map((r) => [r.id, r]));
    expect(byId.get(proj.id)?.channel_ids).toEqual([c.id, a.id]);
    expect(byId.get(kind(rows, "favourites").id)?.channel_ids).toContain(b.id);
    await until(seen2, (ch) => ch.table === "sidebar_sections" && ch.id === proj.id && JSON.stringify((ch.row as SidebarSection).channel_ids) === JSON.stringify([c.id, a.id]));
    // Deleting Proj puts its channels back by themselves (placed nowhere: Channels).
    expect((await api(app, me.token).delete(`/api/entities/sidebar_sections/${proj.id}`)).status).toBe(200);
    const list = (await api(app, me.token).get("/api/entities/sidebar_sections")).body as SidebarSection[];
    expect(list.flatMap((r) => r.channel_ids)).not.toContain(a.id);
  });

  it("orders the sections: every id once", async () => {
    const rows = await setup(tab1);
    const ids = rows.map((r) => r.id).reverse();
    const ok = await call<SidebarSection[]>(tab1, "sidebar_sections.order", { ids });
    expect(ok.ok && ok.data.map((r) => r.id)).toEqual(ids);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 999999]]) {
      const res = await api(app, me.token).post("/api/sidebar/order", { ids: bad });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ORDER_MISMATCH);
    }
  });

  it("cannot read or change another person's sections, nor place a channel one cannot read", async () => {
    const mine = await setup(tab1);
    const custom = (await api(app, me.token).post("/api/entities/sidebar_sections", { name: "Mine" })).body as SidebarSection;
    await setup(otherTab);
    const asOther = api(app, other.token);
    expect((await asOther.get(`/api/entities/sidebar_sections/${custom.id}`)).status).toBe(404);
    const listed = (await asOther.get("/api/entities/sidebar_sections")).body as SidebarSection[];
    expect(listed.every((r) => r.user_id === other.user.id)).toBe(true);
    expect((await asOther.patch(`/api/entities/sidebar_sections/${custom.id}`, { name: "Taken" })).status).toBe(404);
    expect((await asOther.delete(`/api/entities/sidebar_sections/${custom.id}`)).status).toBe(404);
    const where = await asOther.get(`/api/entities/sidebar_sections?where=${encodeURIComponent(JSON.stringify({ user_id: me.user.id }))}`);
    expect(where.body).toEqual([]);
    const open = await makeChannel(app, { name: "side-open", members: [other.email] });
    const move = await call(otherTab, "sidebar_sections.move", { channel_id: open.id, section_id: custom.id });
    expect(move).toEqual({ ok: false, error: SECTION_NOT_FOUND });
    const order = await call(otherTab, "sidebar_sections.order", { ids: mine.map((r) => r.id) });
    expect(order).toEqual({ ok: false, error: ORDER_MISMATCH });
    const secret = await makeChannel(app, { name: "side-secret", type: "private", members: [other.email] });
    const peek = await call(tab1, "sidebar_sections.move", { channel_id: secret.id, section_id: custom.id });
    expect(peek).toEqual({ ok: false, error: "Channel not found" });
    const still = (await api(app, me.token).get(`/api/entities/sidebar_sections/${custom.id}`)).body as SidebarSection;
    expect(still).toMatchObject({ name: "Mine", channel_ids: [] });
  });

  it("answers bad input with a 400 that names the problem", async () => {
    const a = api(app, me.token);
    const cases: [string, unknown, RegExp][] = [
      ["/api/sidebar/move", { channel_id: "x", section_id: 1 }, /channel_id: must be an id/],
      ["/api/sidebar/move", { channel_id: 1, section_id: 1, index: -1 }, /index must be a whole number/],
      ["/api/sidebar/move", { channel_id: 1, section_id: 1, extra: true }, /^unknown field: extra$/],
      ["/api/sidebar/order", { ids: "1,2" }, /ids must be a list/],
      ["/api/sidebar/order", { ids: [] }, /ids must list/],
      ["/api/sidebar/setup", { x: 1 }, /^unknown field: x$/],
    ];
    for (const [path, body, msg] of cases) {
      const res = await a.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatch(msg);
    }
    for (const body of [{}, { name: "" }, { name: "x".repeat(41) }, { name: "ok", sort: "random" }, { name: "ok", collapsed: "maybe" }]) {
      const res = await a.post("/api/entities/sidebar_sections", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/^Insert failed: (name|sort|collapsed)/);
    }
    const bad = await call(tab1, "sidebar_sections.move", { channel_id: [1], section_id: 1 });
    expect(bad.ok).toBe(false);
    expect(await call(tab1, "sidebar_sections.order", null)).toMatchObject({ ok: false });
    expect((await api(app, "").post("/api/sidebar/setup", {})).status).toBe(401);
  });

  it(`refuses a section beyond the ${SIDEBAR_SECTIONS_MAX}th of one's own`, async () => {
    const u = await makeUser(app, { full_name: "Many Sections" });
    const values = Array.from({ length: SIDEBAR_SECTIONS_MAX }, (_, i) => ({ user_id: u.user.id, kind: "custom" as const, name: `s${i}`, position: i }));
    await app.ctx.db.insertInto("sidebar_sections").values(values).execute();
    const res = await api(app, u.token).post("/api/entities/sidebar_sections", { name: "one more" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(TOO_MANY_SECTIONS);
  });
});
