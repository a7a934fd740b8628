// The bad-input sweep (tracker issue 9): every REST route, found by walking the Express routers
// (so a new route is swept without touching this file), and every socket command, from the
// dispatcher's command table, gets NUL bytes, bad percent-encodings, deep JSON, wrong id types,
// huge strings and wrong content types. Nothing may answer 5xx or "Internal server error", and
// no table may gain or lose a row. Socket.IO's long-polling transport gets malformed engine.io
// requests, unknown sids, garbage and oversized bodies: each is refused, and the process stays up.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { z } from "zod";
import type { Router } from "express";
import { ENTITIES, ENTITY_TABLES, isEntityTable } from "@shared/entities";
import { ENGINES, startTestApp, makeUser, makeChannel, makeMessage, makeTask, makeNote, makeEvent, makeApproval, makeSharedFile, makeResource, makeStorageConfig, type TestApp, type TestUser } from "./test/harness";
import { connect, call, callRaw, type ClientSocket } from "./test/clients";
import { buildApi } from "./app";
import { LIMITS } from "@shared/constants";
import { BODY_MAX_DEPTH } from "./input-guard";
import { SOCKET_COMMANDS } from "./features";

export interface RouteInfo {
  method: string;
  path: string;
}

interface LayerLike {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
  rawPath?: string | RegExp | Array<string | RegExp>;
}

/** Every method and path an Express router answers, mount paths included. */
export function listRoutes(router: Router, prefix = ""): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const layer of (router as unknown as { stack: LayerLike[] }).stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const p of paths) {
        for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== "_all") out.push({ method: m.toUpperCase(), path: prefix + p });
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
      out.push(...listRoutes(layer.handle as unknown as Router, prefix + mount));
    }
  }
  return out;
}

const NUL = "x\u0000y";
const HUGE = "h".repeat(200_000);
const BAD_IDS: unknown[] = [true, [1], "0x1", -1, 1.5, 99_999_999_999, "1e0", " 1", {}, null, "%00", NUL];
const BAD_PATH_PARTS = ["%E0%A4%A", "%00", "%ZZ", "0x1", "-1", "1.5", "99999999999", "true", "%5B1%5D", encodeURIComponent(NUL), "h".repeat(3000)];
const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** Every field name a route or command might read: the entities' inputs, the socket contract's, the other routes'. */
function fieldNames(): string[] {
  const names = new Set<string>(["email", "password", "refresh", "token", "message", "full_name", "from_user_id", "participant_ids", "data_base64", "original_filename", "upload_type", "item_id", "mime_type", "status", "error_message", "provider", "config", "storage_config", "user_id"]);
  for (const t of ENTITY_TABLES) for (const k of Object.keys(ENTITIES[t].input)) names.add(k);
  for (const c of Object.values(SOCKET_COMMANDS)) if (c.schema instanceof z.ZodObject) for (const k of Object.keys(c.schema.shape)) names.add(k);
  return [...names];
}

const fill = (names: string[], value: unknown) => Object.fromEntries(names.map((n) => [n, value]));

interface Failure {
  what: string;
  status: number | string;
  body: string;
}

describe.each(ENGINES)("bad-input sweep (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let socket: ClientSocket;
  const failures: Failure[] = [];
  // With the web app's fallback route present, as deployed: a Socket.IO request falling into it
  // once answered index.html and then ended the process.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-client-"));

  async function tableCounts(): Promise<Record<string, number>> {
    const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' order by 1`.execute(app.ctx.db);
    const out: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(app.ctx.db);
      out[name] = Number(r.rows[0].n);
    }
    return out;
  }

  async function send(what: string, method: string, url: string, body?: string, headers: Record<string, string> = {}, token: string | null = admin.token): Promise<void> {
    const h: Record<string, string> = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    let status: number | string;
    let text = "";
    try {
      const res = await fetch(`${app.url}${url}`, { method, headers: h, body: method === "GET" || method === "HEAD" ? undefined : body });
      status = res.status;
      text = await res.text();
    } catch (e) {
      status = `network error: ${(e as Error).message}`;
    }
    if (typeof status !== "number" || status >= 500 || /Internal server error/i.test(text)) failures.push({ what: `${what}: ${method} ${url.slice(0, 120)}`, status, body: text.slice(0, 200) });
  }

  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>app</title>");
    // No rate limit here: every payload must reach its command, not the limiter.
    app = await startTestApp(engine, { clientDir, socketRatePerSec: 100_000, socketRateBurst: 100_000 });
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    member = await makeUser(app);
    // One row in every table, so id 1 exists everywhere and a loose id would find something.
    const ch = await makeChannel(app, { name: "general" });
    await makeMessage(app, ch.id, member);
    await makeTask(app, { created_by: member.email });
    await makeNote(app, member.email);
    await makeEvent(app, member.email);
    await makeApproval(app, member.email);
    await makeSharedFile(app, member.email);
    await makeResource(app);
    await makeStorageConfig(app);
    socket = await connect(app.url, admin.token);
  }, 240_000);
  afterAll(async () => {
    socket?.close();
    await app?.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it("finds the routes by walking the routers", () => {
    const routes = listRoutes(buildApi(app.ctx));
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of ["GET /health", "POST /auth/login", "PATCH /auth/user/:id", "GET /entities/:table", "PATCH /entities/:table/:id", "POST /files", "POST /webrtc/send-signal", "GET /webrtc/call-history"]) {
      expect(names).toContain(expected);
    }
    expect(Object.keys(SOCKET_COMMANDS).length).toBeGreaterThanOrEqual(9);
  });

  it("answers every REST route's bad input with a 4xx and writes nothing", async () => {
    // The sweep signs in as an admin (the widest rights); logging out would end that session, so
    // the logout route is swept with a session of its own.
    const logoutToken = (await makeUser(app)).token;
    const before = await tableCounts();
    const routes = listRoutes(buildApi(app.ctx));
    const names = fieldNames();
    const json = { "content-type": "application/json" };

    for (const route of routes) {
      const token = route.path === "/auth/logout" ? logoutToken : admin.token;
      const tables = route.path.includes(":table") ? [...ENTITY_TABLES, "nope", "%00", "%E0%A4%A"] : [""];
      for (const table of tables) {
        const base = (idPart: string) =>
          "/api" +
          route.path
            .replace(":table", table)
            .replace(/:(id|call_id)\b/g, idPart)
            .replace(/:[a-z_]+/g, idPart);
        const hasParam = /:(id|call_id|[a-z_]+)/.test(route.path.replace(":table", ""));
        // Only bad requests are sent: a valid id with an empty body would be a real write (a DELETE
        // of row 1, a create with defaults), so paths carry bad ids, and DELETE an absent one.
        if (hasParam) for (const part of BAD_PATH_PARTS) await send("path", route.method, base(part), undefined, {}, token);
        const url = base(route.method === "DELETE" ? "999999" : "1");
        const reads = route.method === "GET" || route.method === "HEAD";
        // Malformed percent-encoding and NUL tacked on to the path and the query.
        await send("suffix", route.method, `${url}/%E0%A4%A`, undefined, {}, token);
        await send("suffix", route.method, `${url}%00`, undefined, {}, token);
        const queries = ["where=%00", "where=%E0%A4%A", "q=%00", "download=%00", "refresh=%00", "x=%ZZ"];
        // Paging and sorting only mean something to reads; on a write they would be ignored and the write would happen.
        if (reads) queries.push(`where=${encodeURIComponent(JSON.stringify({ id: NUL, title: NUL }))}`, "where=" + encodeURIComponent(nestedText(500)), "limit=true", "limit=0x1", "offset=-1", "offset=0x10", "offset=99999999999", "sort=%00", "sort=-nope", "limit=1&limit=2", `q=${"q".repeat(5000)}`);
        for (const query of queries) await send("query", route.method, `${url}?${query}`, undefined, {}, token);
        if (reads) continue;
        // Bodies: every field NUL, every field each wrong id, huge, nested; then wrong content types.
        await send("NUL fields", route.method, url, JSON.stringify(fill(names, NUL)), json, token);
        await send("NUL list fields", route.method, url, JSON.stringify(fill(names, [NUL])), json, token);
        await send("NUL key", route.method, url, JSON.stringify({ [NUL]: 1 }), json, token);
        for (const id of BAD_IDS) await send(`ids ${JSON.stringify(id)}`, route.method, url, JSON.stringify(fill(names, id)), json, token);
        await send("huge fields", route.method, url, JSON.stringify(fill(names.slice(0, 4), HUGE)), json, token);
        await send("nested fields", route.method, url, JSON.stringify(fill(names, nested(45))), json, token);
        await send("deep body", route.method, url, nestedText(50_000), json, token);
        await send("deep array body", route.method, url, `${"[".repeat(50_000)}${"]".repeat(50_000)}`, json, token);
        await send("malformed JSON", route.method, url, '{"title": "x"', json, token);
        await send("JSON array", route.method, url, "[1,2,3]", json, token);
        await send("JSON scalar", route.method, url, '"x"', json, token);
        await send("text/plain", route.method, url, "title=x", { "content-type": "text/plain" }, token);
        await send("xml", route.method, url, "<a>1</a>", { "content-type": "application/xml" }, token);
        await send("form NUL", route.method, url, names.map((n) => `${n}=%00`).join("&"), { "content-type": "application/x-www-form-urlencoded" }, token);
        await send("form bad percent", route.method, url, "title=%E0%A4%A&email=%ZZ", { "content-type": "application/x-www-form-urlencoded" }, token);
        await send("multipart garbage", route.method, url, "--zz\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nx\u0000\r\n--zz", { "content-type": "multipart/form-data; boundary=zz" }, token);
        await send("multipart no boundary", route.method, url, "garbage", { "content-type": "multipart/form-data" }, token);
        await send("bad charset", route.method, url, "{}", { "content-type": "application/json; charset=klingon" }, token);
        await send("gzip lie", route.method, url, "not gzip", { "content-type": "application/json", "content-encoding": "gzip" }, token);
      }
    }
    // Bodies the API does not read are refused, not taken as empty.
    await send("xml create", "POST", "/api/entities/org_storage_config", "<a/>", { "content-type": "application/xml" });
    await send("multipart create", "POST", "/api/entities/org_storage_config", "--zz--", { "content-type": "multipart/form-data; boundary=zz" });
    // A malformed auth cookie on every GET leaves public routes working and private ones at 401.
    for (const route of routes.filter((r) => r.method === "GET")) {
      await send("bad cookie", "GET", `/api${route.path.replace(":table", "tasks").replace(/:[a-z_]+/g, "1")}`, undefined, { cookie: "ts_token=%E0%A4%A" }, null);
    }
    expect(failures, JSON.stringify(failures.slice(0, 30), null, 1)).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  }, 600_000);

  it("answers every socket command's bad input with an error ack, never an internal error, and writes nothing", async () => {
    const before = await tableCounts();
    const bad: Array<[string, unknown]> = [];
    for (const [event, cmd] of Object.entries(SOCKET_COMMANDS)) {
      // An entity command takes its table's fields (checked by the table's definition, not the socket schema).
      const table = event.split(".")[0];
      const entity = isEntityTable(table) && event !== "messages.create" ? ENTITIES[table] : null;
      const fields = entity ? Object.keys(entity.input) : cmd.schema instanceof z.ZodObject ? Object.keys(cmd.schema.shape) : fieldNames();
      // An empty object is a valid create for a table whose fields are all optional (org_storage_config),
      // and the whole input of a command that takes nothing (sidebar_sections.setup).
      const empty = (entity && event.endsWith(".create")) || cmd.schema.safeParse({}).success ? [] : [{}];
      const payloads: unknown[] = [undefined, null, "x", 5, [], ...empty, NUL, fill(fields, NUL), fill(fields, [NUL]), fill(fields, HUGE.slice(0, 20_000)), fill(fields, nested(40)), { [NUL]: 1 }];
      for (const id of BAD_IDS) payloads.push(fill(fields, id));
      // Each field bad on its own, the others as a client would send them.
      // A value the field itself takes (true for a flag such as thread_follows' `following`) is not bad input.
      const schemaOf = (f: string): z.ZodType | undefined => (entity ? entity.input[f] : cmd.schema instanceof z.ZodObject ? (cmd.schema.shape as Record<string, z.ZodType>)[f] : undefined);
      for (const f of fields) for (const id of [true, [1], "0x1", NUL]) if (!schemaOf(f)?.safeParse(id).success) payloads.push({ ...fill(fields, "1"), [f]: id });
      for (const p of payloads) {
        // Frames over the socket's limit close it (tested on its own); here every payload must be answered.
        if ((JSON.stringify(p) ?? "").length > LIMITS.socketMaxPayloadBytes * 0.9) continue;
        // A create whose fields are all empty is an empty create: valid where every field is optional.
        if (entity && event.endsWith(".create") && p && typeof p === "object" && Object.values(p).every((v) => v === null || v === "")) continue;
        const ack = await call(socket, event, p).catch((e: Error) => ({ ok: false as const, error: `no ack: ${e.message}` }));
        if (!ack.ok && /Internal server error|no ack/.test(ack.error)) bad.push([event, ack.error]);
      }
    }
    // A command that is not in the table is refused too.
    const unknown = await call(socket, "tables.drop", { id: 1 });
    expect(unknown).toMatchObject({ ok: false });
    expect(bad).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  }, 600_000);

  it("refuses a field nested 40,000 deep on every socket command and every REST write, in the same words", async () => {
    // One guard for both (server/input-guard.ts), before any schema: a schema would drop the
    // unknown field unread and the command would go ahead.
    const deep = `{"channel_id":1,"message_id":1,"extra":${nestedText(40_000)}}`;
    const refusal = `extra${".a".repeat(BODY_MAX_DEPTH - 1)}: nested deeper than ${BODY_MAX_DEPTH} levels`;
    const before = await tableCounts();
    const answers: Record<string, unknown> = {};
    for (const event of Object.keys(SOCKET_COMMANDS)) answers[event] = await callRaw(socket, event, deep);
    expect(answers).toEqual(Object.fromEntries(Object.keys(SOCKET_COMMANDS).map((e) => [e, { ok: false, error: refusal }])));
    const rest: Record<string, unknown> = {};
    for (const route of listRoutes(buildApi(app.ctx)).filter((r) => r.method !== "GET" && r.method !== "HEAD")) {
      const url = "/api" + route.path.replace(":table", "tasks").replace(/:[a-z_]+/g, "1");
      const res = await fetch(`${app.url}${url}`, { method: route.method, headers: { "content-type": "application/json", authorization: `Bearer ${member.token}` }, body: deep });
      rest[`${route.method} ${route.path}`] = { status: res.status, body: await res.json().catch(() => null) };
    }
    expect(Object.keys(rest)).toContain("POST /chat/read");
    expect(Object.entries(rest).filter(([, r]) => JSON.stringify(r) !== JSON.stringify({ status: 400, body: { error: refusal } }))).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  }, 300_000);

  it("refuses malformed long-polling requests, unknown sids, garbage and oversized bodies, and stays up", async () => {
    const EIO = "/socket.io/?EIO=4&transport=polling";
    const refused: Failure[] = [];
    // The app runs in this process: an error nothing caught (a reply written twice, say) would
    // end a real server, so any during the sweep fails it.
    const crashes: string[] = [];
    const onCrash = (err: unknown) => void crashes.push(String(err));
    process.on("uncaughtException", onCrash);
    process.on("unhandledRejection", onCrash);
    /**
     * One engine.io request. It must be answered by engine.io, never by the web app, with a 4xx
     * (or one of `accept`), and the server must still answer its health check afterwards.
     */
    async function poll(what: string, method: string, url: string, body?: string | Blob, headers: Record<string, string> = {}, accept: number[] = []): Promise<{ status: number | string; text: string }> {
      let status: number | string;
      let text = "";
      try {
        const res = await fetch(`${app.url}${url}`, { method, headers, body: method === "GET" ? undefined : body });
        status = res.status;
        text = await res.text();
      } catch (e) {
        status = `network error: ${(e as Error).message}`;
      }
      const expected = typeof status === "number" && ((status >= 400 && status < 500) || accept.includes(status));
      if (!expected || text.includes("<title>app</title>")) refused.push({ what: `${what}: ${method} ${url.slice(0, 120)}`, status, body: text.slice(0, 200) });
      const health = await fetch(`${app.url}/api/health`).catch(() => null);
      if (health?.status !== 200) refused.push({ what: `down after ${what}`, status: health?.status ?? "no answer", body: "" });
      return { status, text };
    }
    /** A fresh engine.io session (no Socket.IO connection yet). */
    const open = async () => JSON.parse((await poll("open", "GET", EIO, undefined, {}, [200])).text.slice(1)).sid as string;
    /** The next poll on the session finds it gone: unknown (400), or closed by a CLOSE packet. */
    const ended = async (what: string, sid: string) => {
      const { text } = await poll(`${what}, then poll`, "GET", `${EIO}&sid=${sid}`, undefined, {}, [200]);
      if (!/Session ID unknown/.test(text) && !text.split("\u001e").includes("1")) refused.push({ what: `${what} left the session open`, status: "open", body: text.slice(0, 200) });
    };
    const plain = { "content-type": "text/plain;charset=UTF-8" };

    // Malformed handshakes: versions, transports, methods. (An empty sid, a repeated EIO or a
    // JSONP callback number are a plain handshake to engine.io, so they are not here.)
    for (const q of ["EIO=5&transport=polling", "EIO=3&transport=polling", "EIO=x&transport=polling", "transport=polling", "EIO=4", "EIO=4&transport=bogus", "EIO=4&transport=websocket"]) {
      await poll("handshake", "GET", `/socket.io/?${q}`);
    }
    for (const method of ["PUT", "DELETE", "PATCH"]) await poll("method", method, EIO, "x", plain);
    await poll("POST without sid", "POST", EIO, "40", plain);
    // Unknown, malformed and oversized sids, on reads and writes.
    for (const sid of ["nope", "%00", "%E0%A4%A", "a".repeat(3000), encodeURIComponent(NUL), "[]"]) {
      await poll("bad sid", "GET", `${EIO}&sid=${sid}`);
      await poll("bad sid", "POST", `${EIO}&sid=${sid}`, "40", plain);
    }
    await poll("polling sid on a websocket request", "GET", `/socket.io/?EIO=4&transport=websocket&sid=${await open()}`);
    // Garbage bodies on a live session: refused at once, or taken and the session closed for it.
    const garbage: Array<[string, string | Blob]> = [
      ["unknown packet type", "9hello"],
      ["control bytes", "\u0000\u0001\u0002"],
      ["bad socket.io packet", "42["],
      ["binary garbage", new Blob([Uint8Array.from({ length: 2000 }, (_, i) => (i * 37) % 256)])],
      ["records separated by junk", `40\u001e${"\u001e".repeat(50)}9`],
    ];
    for (const [what, body] of garbage) {
      const sid = await open();
      await poll(what, "POST", `${EIO}&sid=${sid}`, body, typeof body === "string" ? plain : { "content-type": "application/octet-stream" }, [200]);
      await ended(what, sid);
    }
    // Socket.IO-level nonsense is answered on the session with a CONNECT_ERROR.
    for (const [what, body] of [
      ["connect without a token", "40"],
      ["connect with bad JSON", "40{not json"],
      ["unknown namespace", "40/admin,"],
    ]) {
      const sid = await open();
      await poll(what, "POST", `${EIO}&sid=${sid}`, body, plain, [200]);
      const { text } = await poll(`${what}, then poll`, "GET", `${EIO}&sid=${sid}`, undefined, {}, [200]);
      const packets = text.split("\u001e");
      if (!packets.some((p) => p.startsWith("44") || p === "1") && !/Session ID unknown/.test(text)) refused.push({ what: `${what}: no error`, status: "answered", body: text.slice(0, 200) });
    }
    // Two long polls at once on one session: the second is refused and the session ends.
    {
      const sid = await open();
      await Promise.all([poll("first of two polls", "GET", `${EIO}&sid=${sid}`, undefined, {}, [200]), poll("overlapping poll", "GET", `${EIO}&sid=${sid}`, undefined, {}, [])]);
      await ended("overlapping polls", sid);
    }
    // A body over the limit is refused with 413 before it is read whole.
    for (const size of [LIMITS.socketMaxPayloadBytes + 1, 5 * LIMITS.socketMaxPayloadBytes]) {
      const sid = await open();
      const { status } = await poll(`payload of ${size} bytes`, "POST", `${EIO}&sid=${sid}`, `4${"x".repeat(size)}`, plain);
      if (status !== 413) refused.push({ what: `payload of ${size} bytes`, status, body: "expected 413" });
    }
    expect(refused, JSON.stringify(refused.slice(0, 30), null, 1)).toEqual([]);
    // After all of it the transport still carries a real client.
    const poller = await connect(app.url, member.token, { transports: ["polling"] });
    try {
      expect(poller.io.engine.transport.name).toBe("polling");
      expect(await call(poller, "presence.subscribe", { user_ids: [admin.user.id] })).toMatchObject({ ok: true });
    } finally {
      poller.close();
      process.off("uncaughtException", onCrash);
      process.off("unhandledRejection", onCrash);
    }
    expect(crashes).toEqual([]);
  }, 300_000);
});
