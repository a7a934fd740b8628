// Packets published together reach a socket in one write (./cork.ts), in order and complete.
import net from "node:net";
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import { ENGINES, startTestApp, makeUser, makeMessage, type TestApp, type TestUser } from "../test/harness";
import { connect, recordMessages, until, type ClientSocket } from "../test/clients";
import { describeChange, publishChanges } from "../feed/changelog";
import type { ChatMessage } from "@shared/realtime";

/** The client's TCP socket: the server's socket for it is the one whose remote port is this one's local port. */
const localPort = (s: ClientSocket) => (s.io.engine.transport as unknown as { ws: { _socket: net.Socket } }).ws._socket.localPort;

describe.each(ENGINES)("realtime writes (%s)", (engine) => {
  let app: TestApp;
  let a: TestUser;
  let sa: ClientSocket;
  let channel: number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    a = await makeUser(app);
    channel = (await app.ctx.db.insertInto("channels").values({ name: "room", type: "private", members: [a.email] }).returning("id").executeTakeFirstOrThrow()).id;
    sa = await connect(app.url, a.token);
  }, 180_000);
  afterAll(async () => {
    sa?.close();
    await app?.stop();
  });

  it("sends a burst of pushes to a socket in at most two writes, all of them, in order", async () => {
    const rows = [];
    for (let i = 0; i < 20; i++) rows.push(await makeMessage(app, channel, a, { content: `burst ${i}` }));
    const got = recordMessages<ChatMessage>(sa);
    const port = localPort(sa);
    // Every write to a TCP socket goes through _writeGeneric (one write or one writev).
    const proto = net.Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown };
    let writes = 0;
    const original = proto._writeGeneric;
    const spy = vi.spyOn(proto, "_writeGeneric").mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes++;
      return original.apply(this, args);
    });
    try {
      // One turn, as a group commit publishes.
      publishChanges(app.ctx, rows.map((r, i) => describeChange("messages", "create", Number(r.id), r, null, 1_000_000 + i)));
      await until(got, (m) => m.content === "burst 19");
    } finally {
      spy.mockRestore();
    }
    expect(got.map((m) => m.content)).toEqual(rows.map((_, i) => `burst ${i}`));
    // The first push goes out at once; the 19 queued behind it leave together.
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(2);
  });
});
