// The documented base64 upload needs a body parser sized from MAX_UPLOAD_MB in front of the API's
// 1 MB parsers. This wires the API the way server/app.ts should (filesBodyParser first) and
// checks large base64 bodies get through only for signed-in callers.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import http from "node:http";
import express, { Router } from "express";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { sha256, download } from "./factories";
import { filesBodyParser } from "./upload";
import { authenticate } from "../../auth/middleware";
import { errorHandler } from "../../errors";
import { fileRoutes } from "./routes";

describe.each(ENGINES)("files: large base64 bodies (%s)", (engine) => {
  let app: TestApp;
  let user: TestUser;
  let server: http.Server;
  let wired: { url: string };
  const MiB = 1024 * 1024;

  beforeAll(async () => {
    app = await startTestApp(engine, { maxUploadBytes: 3 * MiB });
    user = await makeUser(app);
    const r = Router();
    r.use(filesBodyParser(app.ctx));
    r.use(express.json({ limit: "1mb" }));
    r.use(authenticate(app.ctx));
    r.use(fileRoutes(app.ctx));
    const e = express();
    e.use("/api", r);
    e.use(errorHandler(app.ctx.log));
    server = http.createServer(e);
    // Node closes idle keep-alive sockets after 5 s; on a loaded machine the client can reuse one just as it closes.
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((res) => server.listen(0, "127.0.0.1", () => res()));
    const addr = server.address() as { port: number };
    wired = { url: `http://127.0.0.1:${addr.port}` };
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((res) => server?.close(res));
    await app?.stop();
  });

  it("accepts a 2.5 MB file as base64 JSON (about 3.4 MB of body)", async () => {
    const data = crypto.randomBytes(2.5 * MiB);
    const res = await api(wired, user.token).post("/api/files", { original_filename: "big.bin", data_base64: data.toString("base64") });
    expect(res.status).toBe(201);
    expect(res.body.checksum_sha256).toBe(sha256(data));
    const dl = await download(app, user.token, res.body.file_url);
    expect(sha256(dl.bytes)).toBe(sha256(data));
  });

  it("answers 413 with the file limit above MAX_UPLOAD_MB", async () => {
    const res = await api(wired, user.token).post("/api/files", { original_filename: "x", data_base64: crypto.randomBytes(3 * MiB + 10).toString("base64") });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("File too large (max 3 MB)");
  });

  it("keeps the 1 MB limit for anonymous callers and other routes", async () => {
    const body = { original_filename: "x", data_base64: crypto.randomBytes(1.5 * MiB).toString("base64") };
    expect((await api(wired).post("/api/files", body)).status).toBe(413);
    expect((await api(wired, user.token).post("/api/other", body)).status).toBe(413);
  });
});
