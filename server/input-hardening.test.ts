// Bad input never answers 500 (tracker issue 9): NUL bytes, malformed percent-encoding and
// cookies, deep nesting, loose ids; plus log redaction, TRUST_PROXY and compression.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ENGINES, startTestApp, startLoggedApp, makeUser, api, countRows, makeChannel, type TestApp, type TestUser } from "./test/harness";
import { connect, call, type ClientSocket } from "./test/clients";
import { loadConfig, parseTrustProxy } from "./config";
import { fromDbError } from "./errors";

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** JSON text nested `depth` deep, built as text (JSON.stringify would overflow the stack). */
const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("TRUST_PROXY setting", () => {
  it("trusts nobody by default and refuses settings that would trust everybody or make no sense", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("loopback, 10.0.0.0/8, fd00::1")).toEqual(["loopback", "10.0.0.0/8", "fd00::1"]);
    expect(parseTrustProxy("true")).toMatch(/any client/);
    expect(parseTrustProxy("nginx")).toMatch(/not an address/);
    expect(parseTrustProxy("10.0.0.0/40")).toMatch(/not an address/);
    expect(() => loadConfig({ TRUST_PROXY: "everyone", JWT_SECRET: "x".repeat(20) })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ JWT_SECRET: "x".repeat(20), DATA_DIR: os.tmpdir() }).trustProxy).toBe(false);
  });

  it("maps a NUL that still reaches the database to a 400", () => {
    expect(fromDbError({ code: "22021", message: "invalid byte sequence" })?.status).toBe(400);
    expect(fromDbError({ code: "22P05", message: "unsupported Unicode escape sequence" })?.status).toBe(400);
  });
});

const PREBUILT = `export const built = ${JSON.stringify("prebuilt ".repeat(400))};\n`;

describe.each(ENGINES)("input hardening (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let socket: ClientSocket;
  let channelId: number;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-client-"));

  beforeAll(async () => {
    // A stand-in for the built client, so static assets can be checked without a build.
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>t</title>");
    fs.writeFileSync(path.join(clientDir, "assets", "app.js"), `export const x = ${JSON.stringify("console.log('hello');".repeat(500))};\n`);
    // A built script with the compressed copies the build writes beside it (vite.config.ts).
    fs.writeFileSync(path.join(clientDir, "assets", "built.js"), PREBUILT);
    fs.writeFileSync(path.join(clientDir, "assets", "built.js.br"), zlib.brotliCompressSync(PREBUILT));
    fs.writeFileSync(path.join(clientDir, "assets", "built.js.gz"), zlib.gzipSync(PREBUILT));
    app = await startTestApp(engine, { clientDir, loginRateLimit: 2 });
    // The first channel gets id 1, the id a loose coercion of true, [1] or "0x1" would hit.
    channelId = (await makeChannel(app, { name: "general" })).id;
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    member = await makeUser(app);
    socket = await connect(app.url, member.token);
  }, 240_000);
  afterAll(async () => {
    socket?.close();
    await app?.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it("refuses NUL in text fields with a 400 naming the field, and writes nothing", async () => {
    const before = { tasks: await countRows(app, "tasks"), messages: await countRows(app, "messages"), users: await countRows(app, "users") };
    const m = api(app, member.token);
    const cases: Array<[Promise<{ status: number; body: any }>, RegExp]> = [
      [m.post("/api/entities/tasks", { title: "a\u0000b" }), /title/],
      [m.post("/api/entities/messages", { channel_id: channelId, content: "x\u0000" }), /content/],
      [m.post("/api/entities/notes", { topic: "t", content: "c", tags: ["a\u0000"] }), /tags|NUL/],
      [m.patch(`/api/auth/user/${member.user.id}`, { full_name: "N\u0000" }), /full_name/],
      [m.post("/api/invitations", { email: "x@example.test", message: "hi\u0000" }), /message/],
      [m.get(`/api/entities/tasks?where=${encodeURIComponent(JSON.stringify({ title: "a\u0000" }))}`), /where|NUL/],
      [api(app).post("/api/auth/login", { email: "a\u0000@x.io", password: "p" }), /email/],
      [api(app, admin.token).post("/api/entities/users", { email: "new@example.test", password: "pass\u0000word" }), /password/],
      [m.post("/api/webrtc/send-signal", { call_id: "c\u0000", to_user_id: admin.user.id, message_type: "offer" }), /call_id/],
    ];
    for (const [p, field] of cases) {
      const res = await p;
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatch(/NUL/);
      expect(res.body.error).toMatch(field);
    }
    const ack = await call(socket, "messages.create", { channel_id: channelId, content: "a\u0000b" });
    expect(ack).toMatchObject({ ok: false });
    expect(!ack.ok && ack.error).toMatch(/content: must not contain a NUL/);
    expect({ tasks: await countRows(app, "tasks"), messages: await countRows(app, "messages"), users: await countRows(app, "users") }).toEqual(before);
  });

  it("a NUL that slips past validation is a client error from the database mapping, on this engine", async () => {
    const err = await app.ctx.db
      .insertInto("channels")
      .values({ name: "bad\u0000name", type: "public" })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    expect(fromDbError(err)?.status).toBe(400);
  });

  it("answers malformed percent-encoding with 400 and ignores a malformed auth cookie", async () => {
    const m = api(app, member.token);
    expect((await m.get("/api/entities/%E0%A4%A")).status).toBe(400);
    expect((await m.get("/api/entities/tasks/%E0%A4%A")).status).toBe(400);
    expect((await m.get("/api/entities/tasks%00")).status).toBe(400);
    expect((await m.delete("/api/entities/tasks/%ZZ")).status).toBe(400);
    expect((await api(app).get("/%E0%A4%A")).status).toBe(400);
    const badCookie = { cookie: "ts_token=%E0%A4%A" };
    expect((await api(app).get("/api/health", badCookie)).status).toBe(200);
    const me = await api(app).get("/api/auth/me", badCookie);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: "Not authenticated" });
  });

  it("bounds the depth and size of free-form JSON (signals, storage settings, bodies)", async () => {
    // Past the bound of every input (40, server/input-guard.ts) the guard REST runs refuses it, in REST's words...
    const deep = await call(socket, "signals.send", { call_id: "c1", to_user_id: admin.user.id, message_type: "offer", message_data: nested(2000) });
    expect(deep.ok).toBe(false);
    expect(!deep.ok && deep.error).toMatch(/^message_data(\.a)+: nested deeper than 40 levels$/);
    // ...and below it the free-form field's own, smaller bound.
    const deeper32 = await call(socket, "signals.send", { call_id: "c1", to_user_id: admin.user.id, message_type: "offer", message_data: nested(35) });
    expect(!deeper32.ok && deeper32.error).toMatch(/nested deeper than 32/);
    const big = await call(socket, "signals.send", { call_id: "c1", to_user_id: admin.user.id, message_type: "offer", message_data: { sdp: "x".repeat(70_000) } });
    expect(!big.ok && big.error).toMatch(/at most 64 KB/);
    const info = await call(socket, "presence.update", { status: "online", device_info: nested(100) });
    expect(!info.ok && info.error).toMatch(/nested deeper/);

    const before = await countRows(app, "org_storage_config");
    const cfg = await api(app, admin.token).post("/api/entities/org_storage_config", { storage_provider: "local", storage_config: nested(35) });
    expect(cfg.status).toBe(400);
    expect(cfg.body.error).toMatch(/storage_config: must not be nested deeper than 32/);
    const cfgText = await api(app, admin.token).post("/api/entities/org_storage_config", { storage_provider: "local", storage_config: nestedText(3000) });
    expect(cfgText.status).toBe(400);
    const body = await api(app, member.token).post("/api/entities/tasks", `{"title":"deep","description":${nestedText(20_000)}}`, { "content-type": "application/json" });
    expect(body.status).toBe(400);
    expect(body.body.error).toMatch(/nested deeper than/);
    expect(await countRows(app, "org_storage_config")).toBe(before);
  });

  it("takes ids only as whole numbers or decimal text, on sockets and in bodies", async () => {
    const before = await countRows(app, "messages");
    for (const bad of [true, [1], "0x1", "1e0", " 1", -1, 1.5, 99_999_999_999, "", null, {}]) {
      const ack = await call(socket, "messages.create", { channel_id: bad, content: "loose id" });
      expect(ack.ok, `socket channel_id ${JSON.stringify(bad)}`).toBe(false);
      const rest = await api(app, member.token).post("/api/entities/messages", { channel_id: bad, content: "loose id" });
      expect(rest.status, `REST channel_id ${JSON.stringify(bad)}`).toBeGreaterThanOrEqual(400);
      expect(rest.status).toBeLessThan(500);
    }
    for (const bad of [true, "0x1", [2]]) {
      const ack = await call(socket, "presence.subscribe", { user_ids: [bad] });
      expect(ack.ok).toBe(false);
      const typing = await call(socket, "channels.typing", { channel_id: bad });
      expect(typing.ok).toBe(false);
    }
    expect(await countRows(app, "messages")).toBe(before);
    // The forms that are ids still work.
    const ok = await call(socket, "messages.create", { channel_id: String(channelId), content: "strict id" });
    expect(ok.ok).toBe(true);
    expect((await api(app, member.token).get("/api/entities/tasks/0x1")).status).toBe(400);
    for (const bad of ["0x1", "1e0", "-1", "1.5", "99999999999", "%201"]) {
      const res = await api(app, admin.token).patch(`/api/auth/user/${bad}`, { job_title: "Loose id" });
      expect(res.status, bad).toBe(400);
    }
    const stored = await app.ctx.db.selectFrom("users").select("job_title").where("job_title", "=", "Loose id").execute();
    expect(stored).toEqual([]);
  });

  it("does not let a forged X-Forwarded-For change the sign-in limiter's key", async () => {
    const email = "nobody-forged@example.test";
    const attempt = (ip: string) => api(app).post("/api/auth/login", { email, password: "wrong-password" }, { "x-forwarded-for": ip });
    expect((await attempt("10.0.0.1")).status).toBe(401);
    expect((await attempt("10.0.0.2")).status).toBe(401);
    // Without TRUST_PROXY every request comes from the socket's address, whatever the header says.
    expect((await attempt("10.0.0.3")).status).toBe(429);
  });

  it("compresses JSON lists and scripts when asked, but not ranged requests", async () => {
    for (let i = 0; i < 30; i++) await api(app, member.token).post("/api/entities/tasks", { title: `Compressible task number ${i}`, description: "x".repeat(100) });
    const gz = { "accept-encoding": "gzip" };
    const list = await fetch(`${app.url}/api/entities/tasks?limit=100`, { headers: { ...gz, authorization: `Bearer ${member.token}` } });
    expect(list.headers.get("content-encoding")).toBe("gzip");
    expect(((await list.json()) as unknown[]).length).toBeGreaterThanOrEqual(30);
    const js = await fetch(`${app.url}/assets/app.js`, { headers: gz });
    expect(js.status).toBe(200);
    expect(js.headers.get("content-encoding")).toBe("gzip");
    expect(await js.text()).toContain("hello");
    const ranged = await fetch(`${app.url}/assets/app.js`, { headers: { ...gz, range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-encoding")).toBeNull();
    const plain = await fetch(`${app.url}/api/entities/tasks?limit=100`, { headers: { "accept-encoding": "identity", authorization: `Bearer ${member.token}` } });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("sends the build's compressed copies of a script as they are, brotli first, kept for good under /assets/", async () => {
    const br = await fetch(`${app.url}/assets/built.js`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The bytes on the wire are the stored .br file's, and they decode to the script.
    expect(Number(br.headers.get("content-length"))).toBe(fs.statSync(path.join(clientDir, "assets", "built.js.br")).size);
    expect(await br.text()).toBe(PREBUILT);
    const gz = await fetch(`${app.url}/assets/built.js`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(Number(gz.headers.get("content-length"))).toBe(fs.statSync(path.join(clientDir, "assets", "built.js.gz")).size);
    expect(await gz.text()).toBe(PREBUILT);
    const plain = await fetch(`${app.url}/assets/built.js`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(PREBUILT);
    // The page itself is not kept: a new build must reach the next visit.
    const page = await fetch(`${app.url}/Chat`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).not.toContain("immutable");
  });
});

describe.each(ENGINES)("TRUST_PROXY and log redaction (%s)", (engine) => {
  it("believes X-Forwarded-For only from a configured proxy", async () => {
    const app = await startTestApp(engine, { loginRateLimit: 2 }, { TRUST_PROXY: "loopback" });
    try {
      const attempt = (ip: string) => api(app).post("/api/auth/login", { email: "x@example.test", password: "wrong-password" }, { "x-forwarded-for": ip });
      expect((await attempt("203.0.113.1")).status).toBe(401);
      expect((await attempt("203.0.113.1")).status).toBe(401);
      expect((await attempt("203.0.113.1")).status).toBe(429);
      // Behind the trusted proxy another client has its own budget.
      expect((await attempt("203.0.113.2")).status).toBe(401);
    } finally {
      await app.stop();
    }
  }, 240_000);

  it("never writes bearer tokens or cookies to the request log", async () => {
    const app = await startLoggedApp(engine);
    try {
      const user = await makeUser(app);
      const login = await fetch(`${app.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(login.headers.get("set-cookie")).toContain("ts_token=");
      const me = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${user.token}`, cookie: `ts_token=${user.token}; other=secret-cookie-value` } });
      expect(me.status).toBe(200);
      // Lines are written in the order requests finish: once this one is there, so are the others.
      await fetch(`${app.url}/api/log-marker`);
      await app.waitForLine((l) => l.includes("/api/log-marker"));
      const text = app.lines.join("");
      expect(text).toContain("/api/auth/me"); // the request was logged...
      expect(text).toContain("[redacted]"); // ...with its credentials replaced
      expect(text).not.toContain(user.token);
      expect(text).not.toContain("secret-cookie-value");
      expect(text).not.toMatch(/ts_token=ey/);
    } finally {
      await app.stop();
    }
  }, 240_000);
});
