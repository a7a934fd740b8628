// The bad-input sweep (tracker issue 9): every REST route, found by walking the Express routers
// (so a new route is swept without touching this file), and every socket command, from the
// dispatcher's command table, gets NUL bytes, bad percent-encodings, deep JSON, wrong id types,
// huge strings and wrong content types. Nothing may answer 5xx or "Internal server error", and
// no table may gain or lose a row.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import type { Router } from "express";
import { ENTITIES, ENTITY_TABLES } from "@shared/entities";
import { ENGINES, startTestApp, makeUser, makeChannel, makeMessage, makeTask, makeNote, makeEvent, makeApproval, makeSharedFile, makeResource, makeStorageConfig, type TestApp, type TestUser } from "./test/harness";
import { connect, call, type ClientSocket } from "./realtime/test-clients";
import { buildApi } from "./app";
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
  const names = new Set<string>(["email", "password", "refresh", "token", "message", "full_name", "from_user_id", "participant_ids", "data_base64", "original_filename", "upload_type", "item_id", "mime_type", "status", "error_message", "provider", "config", "storage_config"]);
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
    app = await startTestApp(engine);
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
      const fields = cmd.schema instanceof z.ZodObject ? Object.keys(cmd.schema.shape) : fieldNames();
      const payloads: unknown[] = [undefined, null, "x", 5, [], {}, NUL, fill(fields, NUL), fill(fields, [NUL]), fill(fields, HUGE.slice(0, 20_000)), fill(fields, nested(40)), { [NUL]: 1 }];
      for (const id of BAD_IDS) payloads.push(fill(fields, id));
      // Each field bad on its own, the others as a client would send them.
      for (const f of fields) for (const id of [true, [1], "0x1", NUL]) payloads.push({ ...fill(fields, "1"), [f]: id });
      for (const p of payloads) {
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
});
