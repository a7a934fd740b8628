// Link previews (docs/integrations.md, "Link previews") end to end: a message's links are queued by
// the feed consumer and fetched by the worker through the egress guard, never on the sender's
// path; the preview reaches the channel's readers live and over REST, and nobody else; a page is
// fetched once for every message linking it within a day (the cache); the author alone removes a
// preview, which an edit does not bring back; a channel's managers, or LINK_PREVIEWS=off, turn them
// off; a link to an address the guard refuses gets no preview and reaches nothing. The "public"
// page server listens on 127.0.0.2, which these apps allow-list (EGRESS_ALLOW_RANGES and
// EGRESS_ALLOW_PORTS) for it alone; an inner server on 127.0.0.1 stands for the private network.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { ChatMessage, MessageLinkPreview } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, makeChannel, api, type TestApp, type TestUser } from "../../test/harness";
import { connect, record, until, type ClientSocket } from "../../test/clients";
import { previewLinks } from "./links";

import { listen, type LocalServer as Server } from "../../test/local-server";

const page = (title: string) => `<!doctype html><html><head>
<meta property="og:title" content="${title}">
<meta property="og:description" content="What changed in this release: faster search, fewer clicks.">
<meta property="og:site_name" content="Example Releases">
<meta property="og:image" content="/cover.png">
<title>ignored when og:title is there</title></head><body>…</body></html>`;

describe("which links get previews", () => {
  it("takes the first three http(s) links outside code, once each", () => {
    expect(previewLinks("see https://a.example/x, and (https://b.example/y) then https://a.example/x again")).toEqual(["https://a.example/x", "https://b.example/y"]);
    expect(previewLinks("`https://code.example/` and\n```\nhttps://block.example/\n```\nhttp://prose.example/p.")).toEqual(["http://prose.example/p"]);
    expect(previewLinks("ftp://x.example/ javascript:alert(1) https://1.example https://2.example https://3.example https://4.example")).toEqual([
      "https://1.example/",
      "https://2.example/",
      "https://3.example/",
    ]);
    expect(previewLinks("[docs](https://docs.example/guide) and <https://slack.example/x|label>")).toEqual(["https://docs.example/guide", "https://slack.example/x"]);
  });
});

describe.each(ENGINES)("link previews (%s)", (engine) => {
  let app: TestApp;
  let pub: Server, inner: Server;
  let ann: TestUser, bob: TestUser, eve: TestUser;
  let team: number;
  let bobSocket: ClientSocket;

  beforeAll(async () => {
    inner = await listen("127.0.0.1", (_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(page("Inside"));
    });
    pub = await listen("127.0.0.2", (req, res) => {
      if (req.url === "/slow") {
        // Headers, then nothing: the guard gives up after 5 s.
        res.writeHead(200, { "content-type": "text/html" });
        return void res.write("<html>");
      }
      if (req.url === "/json") {
        res.setHeader("content-type", "application/json");
        return res.end("{}");
      }
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(page(`Release ${req.url?.slice(1)}`));
    });
    app = await startTestApp(engine, { egress: { allowRanges: ["127.0.0.2/32"], allowPorts: [pub.port, inner.port] } });
    ann = await makeUser(app, { full_name: "Ann Author" });
    bob = await makeUser(app, { full_name: "Bob Reader" });
    eve = await makeUser(app, { full_name: "Eve Outsider" });
    team = (await makeChannel(app, { name: "team", type: "private", members: [ann.email, bob.email], created_by: ann.email })).id;
    bobSocket = await connect(app.url, bob.token);
  }, 180_000);

  afterAll(async () => {
    bobSocket?.close();
    await app?.stop();
    for (const s of [pub, inner]) {
      s?.server.closeAllConnections();
      await new Promise((r) => s?.server.close(r));
    }
  });

  const post = async (content: string, as = ann, channel_id = team) => {
    const res = await api(app, as.token).post<ChatMessage>("/api/entities/messages", { channel_id, content });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const previewsOf = async (message: number, as = bob) =>
    api(app, as.token).get<MessageLinkPreview[]>(`/api/entities/message_link_previews?where=${encodeURIComponent(JSON.stringify({ message_id: message }))}`);
  /** Lets the consumer and the worker finish what the writes so far set off. */
  const settle = async () => {
    await app.ctx.consumers!.drain();
    for (let i = 0; i < 200; i++) {
      const pending = await app.ctx.db.selectFrom("message_link_previews").select("id").where("status", "=", "pending").execute();
      if (!pending.length) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("previews still pending");
  };

  it("previews a page the guard fetched, live to the channel's readers and to nobody else", async () => {
    const pushed = record<EntityChange>(bobSocket, "entities.change");
    const url = `http://127.0.0.2:${pub.port}/4.2`;
    const m = await post(`Notes are out: ${url} (and \`http://127.0.0.2:${pub.port}/code\` is code)`);
    const change = await until(pushed, (c) => c.table === "message_link_previews" && c.op === "create", 10_000);
    const row = change.row as MessageLinkPreview;
    expect(row).toMatchObject({ message_id: m.id, channel_id: team, url, title: "Release 4.2", site_name: "Example Releases", position: 0 });
    expect(row.description).toContain("faster search");
    expect(row.image).toBe(`http://127.0.0.2:${pub.port}/cover.png`);
    expect(row).not.toHaveProperty("status");
    await settle();
    expect((await previewsOf(m.id)).body.map((p) => p.title)).toEqual(["Release 4.2"]);
    // Someone who may not read the channel sees no preview of it.
    expect((await previewsOf(m.id, eve)).body).toEqual([]);
    expect((await api(app, eve.token).get(`/api/entities/message_link_previews/${row.id}`)).status).toBe(404);
    expect(pub.hits).toEqual(["/4.2"]);
  });

  it("fetches a page once for every message linking it (the cache)", async () => {
    const before = pub.hits.length;
    const m = await post(`again http://127.0.0.2:${pub.port}/4.2`);
    await settle();
    expect((await previewsOf(m.id)).body.map((p) => p.title)).toEqual(["Release 4.2"]);
    expect(pub.hits.length).toBe(before);
    const cached = await app.ctx.db.selectFrom("link_previews").selectAll().where("url", "=", `http://127.0.0.2:${pub.port}/4.2`).executeTakeFirstOrThrow();
    expect(cached).toMatchObject({ title: "Release 4.2", error: null });
  });

  it("gives no preview of an address the guard refuses, nor of what is not HTML, and reaches nothing", async () => {
    const m = await post(`inside http://127.0.0.1:${inner.port}/admin and http://localhost:${inner.port}/x and http://127.0.0.2:${pub.port}/json`);
    await settle();
    expect((await previewsOf(m.id)).body).toEqual([]);
    expect(inner.hits).toEqual([]);
    const stored = await app.ctx.db.selectFrom("message_link_previews").select(["url", "status"]).where("message_id", "=", m.id).orderBy("position").execute();
    expect(stored.map((s) => s.status)).toEqual(["failed", "failed", "failed"]);
    const errors = await app.ctx.db.selectFrom("link_previews").select(["url", "error"]).where("url", "in", stored.map((s) => s.url)).orderBy("url").execute();
    expect(errors.map((e) => e.error?.split(":")[0]).sort()).toEqual(["address", "address", "not-html"]);
  });

  it("lets the author alone remove a preview, and an edit does not bring it back", async () => {
    const m = await post(`removable http://127.0.0.2:${pub.port}/5.0`);
    await settle();
    const [p] = (await previewsOf(m.id)).body;
    expect(p.title).toBe("Release 5.0");
    const refused = await api(app, bob.token).delete(`/api/entities/message_link_previews/${p.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "Only the message's author may remove its link preview" });
    expect((await api(app, eve.token).delete(`/api/entities/message_link_previews/${p.id}`)).status).toBe(404);
    const pushed = record<EntityChange>(bobSocket, "entities.change");
    expect((await api(app, ann.token).delete(`/api/entities/message_link_previews/${p.id}`)).status).toBe(200);
    await until(pushed, (c) => c.table === "message_link_previews" && c.op === "delete" && c.id === p.id);
    expect((await previewsOf(m.id)).body).toEqual([]);
    const edited = await api(app, ann.token).patch(`/api/entities/messages/${m.id}`, { content: `removable http://127.0.0.2:${pub.port}/5.0 (edited)` });
    expect(edited.status).toBe(200);
    await settle();
    expect((await previewsOf(m.id)).body).toEqual([]);
    // An edit that adds a link previews the new one.
    await api(app, ann.token).patch(`/api/entities/messages/${m.id}`, { content: `removable http://127.0.0.2:${pub.port}/5.0 and http://127.0.0.2:${pub.port}/5.1` });
    await settle();
    expect((await previewsOf(m.id)).body.map((x) => x.title)).toEqual(["Release 5.1"]);
  });

  it("never holds up the sender: a page that never finishes is fetched after the message is stored", async () => {
    const t0 = Date.now();
    const m = await post(`slow http://127.0.0.2:${pub.port}/slow`);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect((await api(app, bob.token).get<ChatMessage>(`/api/entities/messages/${m.id}`)).body.content).toContain("/slow");
    await settle();
    expect((await previewsOf(m.id)).body).toEqual([]);
    const cached = await app.ctx.db.selectFrom("link_previews").select("error").where("url", "=", `http://127.0.0.2:${pub.port}/slow`).executeTakeFirstOrThrow();
    expect(cached.error).toMatch(/^timeout/);
  }, 20_000);

  it("is off in a channel whose manager turned it off", async () => {
    const denied = await api(app, eve.token).patch(`/api/entities/channels/${team}`, { link_previews: false });
    expect(denied.status).not.toBe(200);
    const off = await api(app, ann.token).patch(`/api/entities/channels/${team}`, { link_previews: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ link_previews: false });
    const m = await post(`quiet http://127.0.0.2:${pub.port}/6.0`);
    await settle();
    expect((await previewsOf(m.id)).body).toEqual([]);
    expect(pub.hits).not.toContain("/6.0");
    await api(app, ann.token).patch(`/api/entities/channels/${team}`, { link_previews: true });
  });
});

describe("link previews off for the organisation", () => {
  it("previews nothing with LINK_PREVIEWS=off", async () => {
    const pub = await listen("127.0.0.2", (_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(page("Off"));
    });
    const app = await startTestApp(ENGINES[0], {}, { LINK_PREVIEWS: "off", EGRESS_ALLOW_RANGES: "127.0.0.2/32", EGRESS_ALLOW_PORTS: String(pub.port) });
    try {
      expect(app.config.linkPreviews).toBe(false);
      const ann = await makeUser(app);
      const channel = (await makeChannel(app, { name: "c", type: "public", members: [ann.email] })).id;
      const res = await api(app, ann.token).post<ChatMessage>("/api/entities/messages", { channel_id: channel, content: `http://127.0.0.2:${pub.port}/x` });
      expect(res.status).toBe(201);
      await app.ctx.consumers!.drain();
      expect(await app.ctx.db.selectFrom("message_link_previews").selectAll().execute()).toEqual([]);
      expect(pub.hits).toEqual([]);
    } finally {
      await app.stop();
      pub.server.closeAllConnections();
      await new Promise((r) => pub.server.close(r));
    }
  });
});
