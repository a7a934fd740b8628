// The protocol version in the handshake (docs/protocol.md, "Connect and authenticate"): real socket.io-client
// sockets against a running app; a version the server does not speak is refused with a reason.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { io } from "socket.io-client";
import { ENGINES, startTestApp, makeUser, type TestApp, type TestUser } from "../test/harness";
import { OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION, type IncompatibilityReason, type SessionReady } from "@shared/realtime";
import { MESSAGES } from "@shared/constants";

type Outcome = { ready: SessionReady } | { error: string; reason: IncompatibilityReason | undefined };

/** Connects once with exactly this `auth` and resolves with `session.ready` or the refusal. */
function handshake(url: string, auth: Record<string, unknown>): Promise<Outcome> {
  const s = io(url, { path: "/socket.io", transports: ["websocket"], auth, reconnection: false, forceNew: true });
  return new Promise<Outcome>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("neither session.ready nor connect_error")), 10_000);
    s.once("session.ready", (ready: SessionReady) => {
      clearTimeout(t);
      resolve({ ready });
    });
    s.once("connect_error", (err: Error & { data?: { reason?: IncompatibilityReason } }) => {
      clearTimeout(t);
      resolve({ error: err.message, reason: err.data?.reason });
    });
  }).finally(() => s.close());
}

describe.each(ENGINES)("protocol version in the handshake (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser;
  let clientDir: string;

  beforeAll(async () => {
    // A built client whose id the server announces (vite.config.ts writes build.json).
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-client-"));
    fs.writeFileSync(path.join(clientDir, "build.json"), JSON.stringify({ id: "0.1.0+test-build" }));
    app = await startTestApp(engine, { clientDir });
    a = await makeUser(app);
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("accepts the current version and announces the protocol and the client build it serves", async () => {
    const r = await handshake(app.url, { token: a.token, protocol_version: PROTOCOL_VERSION });
    expect(r).toMatchObject({ ready: { user_id: a.user.id, protocol_version: PROTOCOL_VERSION, build: "0.1.0+test-build" } });
  });

  it("accepts a handshake without a version (clients written before it had one) as the current one", async () => {
    expect(await handshake(app.url, { token: a.token })).toMatchObject({ ready: { user_id: a.user.id } });
    expect(await handshake(app.url, { token: a.token, protocol_version: null })).toMatchObject({ ready: { user_id: a.user.id } });
  });

  it("refuses an older version: clientTooOld", async () => {
    const r = await handshake(app.url, { token: a.token, protocol_version: OLDEST_PROTOCOL_VERSION - 1 });
    expect(r).toMatchObject({ reason: "clientTooOld" });
    expect("error" in r && r.error).toMatch(/^Client too old: it speaks protocol version \d+, this server speaks/);
  });

  it("refuses a newer version: serverTooOld", async () => {
    const r = await handshake(app.url, { token: a.token, protocol_version: PROTOCOL_VERSION + 1 });
    expect(r).toMatchObject({ reason: "serverTooOld" });
    expect("error" in r && r.error).toMatch(/^Server too old: the client speaks protocol version \d+/);
  });

  it.each([["text", "1"], ["a fraction", 1.5], ["a negative number", -1], ["an object", { v: 1 }], ["true", true]])(
    "refuses %s as a version: invalidProtocol",
    async (_what, version) => {
      const r = await handshake(app.url, { token: a.token, protocol_version: version });
      expect(r).toMatchObject({ reason: "invalidProtocol" });
      expect("error" in r && r.error).toMatch(/^Invalid protocol version/);
    },
  );

  it("checks the version before the token, so a stale client is told to reload rather than to sign in", async () => {
    expect(await handshake(app.url, { token: "not-a-token", protocol_version: PROTOCOL_VERSION + 1 })).toMatchObject({ reason: "serverTooOld" });
    // A bad token with a version the server speaks is still just not authenticated.
    expect(await handshake(app.url, { token: "not-a-token", protocol_version: PROTOCOL_VERSION })).toEqual({ error: MESSAGES.notAuthenticated, reason: undefined });
  });
});
