// Socket.IO's long-polling transport, the fallback behind proxies that block WebSocket upgrades,
// end to end: raw engine.io requests, a polling-only socket.io-client, and the upgrade to WebSocket.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINES, startTestApp, makeUser, type TestApp, type TestUser } from "../test/harness";
import { connect, call, recordMessages, until, type ClientSocket } from "../test/clients";
import type { ChatMessage } from "@shared/realtime";

const EIO = "/socket.io/?EIO=4&transport=polling";

describe.each(ENGINES)("long-polling transport (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser, b: TestUser;
  let channel: number;
  // The web app's fallback route must exist for the test to mean anything: it is what the
  // long-polling requests used to fall into.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-client-"));

  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>app</title>");
    app = await startTestApp(engine, { clientDir });
    [a, b] = [await makeUser(app), await makeUser(app)];
    channel = (await app.ctx.db.insertInto("channels").values({ name: "poll", type: "private", members: [a.email, b.email] }).returning("id").executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const healthy = async () => expect((await fetch(`${app.url}/api/health`)).status).toBe(200);

  it("answers raw engine.io polling requests itself, never with the web app, and stays up", async () => {
    const open = await fetch(`${app.url}${EIO}`);
    expect(open.status).toBe(200);
    const body = await open.text();
    const sid = JSON.parse(body.slice(1)).sid as string;
    expect(sid).toBeTruthy();
    // The Socket.IO CONNECT packet without a token, then the poll that carries the answer.
    const post = await fetch(`${app.url}${EIO}&sid=${sid}`, { method: "POST", body: "40", headers: { "content-type": "text/plain;charset=UTF-8" } });
    expect(post.status).toBe(200);
    const poll = await fetch(`${app.url}${EIO}&sid=${sid}`);
    expect(poll.headers.get("content-type")).not.toMatch(/html/);
    expect(await poll.text()).toContain('44{"message":"Not authenticated"}');
    await healthy();
  });

  it("keeps every request under the Socket.IO path away from the web app", async () => {
    for (const p of ["/socket.io", "/socket.io?EIO=4&transport=polling", "/socket.io/x", "/socket.io/?EIO=4&transport=polling&sid=nope"]) {
      const res = await fetch(`${app.url}${p}`);
      expect(res.headers.get("content-type") ?? "", p).not.toMatch(/html/);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
    }
    await healthy();
  });

  it("carries session.ready, commands with acks and pushes over polling only", async () => {
    const pa = await connect(app.url, a.token, { transports: ["polling"] });
    const wb = await connect(app.url, b.token);
    try {
      expect(pa.io.engine.transport.name).toBe("polling");
      const atA = recordMessages<ChatMessage>(pa);
      const atB = recordMessages<ChatMessage>(wb);
      const ack = await call<ChatMessage>(pa, "messages.create", { channel_id: channel, content: "over polling" });
      expect(ack.ok).toBe(true);
      await until(atB, (m) => m.content === "over polling");
      const back = await call<ChatMessage>(wb, "messages.create", { channel_id: channel, content: "to the poller" });
      expect(back.ok).toBe(true);
      await until(atA, (m) => m.content === "to the poller");
      await healthy();
    } finally {
      pa.close();
      wb.close();
    }
  });

  it("upgrades from polling to WebSocket and keeps working", async () => {
    const s: ClientSocket = await connect(app.url, a.token, { transports: ["polling", "websocket"] });
    try {
      const deadline = Date.now() + 10_000;
      while (s.io.engine.transport.name !== "websocket" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(s.io.engine.transport.name).toBe("websocket");
      const ack = await call<ChatMessage>(s, "messages.create", { channel_id: channel, content: "after upgrade" });
      expect(ack.ok).toBe(true);
    } finally {
      s.close();
    }
  });
});
