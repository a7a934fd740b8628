// The push thread (./push-send.ts) encrypts as web-push does and sends to the push service itself,
// refuses private addresses unless allowed, and on Linux runs below the event loop's priority
// (nice 10). The push service here is a plain HTTP server that keeps what it was sent; the real
// one (web-push-testing, which decrypts) is in push.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import webpush from "web-push";
import { sendOnThread } from "./push-send";

/** The nice value of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
function niceOfThreads(): number[] {
  return fs.readdirSync("/proc/self/task").flatMap((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return [Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])];
    } catch {
      return [];
    }
  });
}

type Received = { url: string; headers: http.IncomingHttpHeaders; body: Buffer };

describe("push thread", () => {
  const keys = webpush.generateVAPIDKeys();
  // A browser's subscription keys: an ECDH P-256 public key and a 16-byte secret.
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const received: Received[] = [];
  let server: http.Server;
  let base = "";
  const subscription = (path: string) => ({ endpoint: `${base}${path}`, keys: { p256dh: ecdh.getPublicKey("base64url"), auth: Buffer.alloc(16, 7).toString("base64url") } });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.url!.startsWith("/gone/") ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends an aes128gcm push as web-push encrypts it and answers the push service's status", async () => {
    const options = { headers: { Authorization: `vapid t=x, k=${keys.publicKey}` }, TTL: 60, urgency: "high" };
    expect(await sendOnThread(subscription("/send/one"), JSON.stringify({ title: "Hi" }), options, true)).toBe(201);
    const got = received.find((r) => r.url === "/send/one")!;
    expect(got.headers["content-encoding"]).toBe("aes128gcm");
    expect(got.headers.urgency).toBe("high");
    expect(got.headers.ttl).toBe("60");
    expect(got.headers.authorization).toBe(options.headers.Authorization);
    // Salt, record size, key id and the sender's public key precede the ciphertext.
    expect(got.body.length).toBeGreaterThan(86 + '{"title":"Hi"}'.length);
    expect(await sendOnThread(subscription("/gone/two"), "{}", { headers: {}, TTL: 60 }, true)).toBe(410);
  });

  it("answers each of many pushes handed over together with its own status", async () => {
    const paths = Array.from({ length: 60 }, (_, i) => (i % 3 ? `/send/many-${i}` : `/gone/many-${i}`));
    const statuses = await Promise.all(paths.map((p) => sendOnThread(subscription(p), `{"n":"${p}"}`, { headers: {}, TTL: 60 }, true)));
    expect(statuses).toEqual(paths.map((p) => (p.startsWith("/gone/") ? 410 : 201)));
    expect(new Set(received.filter((r) => r.url.includes("/many-")).map((r) => r.url))).toEqual(new Set(paths));
  });

  it("connects only to public addresses unless private ones are allowed", async () => {
    // A name, so the connection looks it up (sendPush refuses an address literal before this).
    const byName = { ...subscription("/send/private"), endpoint: `${base.replace("127.0.0.1", "localhost")}/send/private` };
    await expect(sendOnThread(byName, "{}", { headers: {}, TTL: 60 }, false)).rejects.toMatchObject({ code: "ENOTPUBLIC" });
    expect(received.some((r) => r.url === "/send/private")).toBe(false);
    expect(await sendOnThread(byName, "{}", { headers: {}, TTL: 60 }, true)).toBe(201);
  });

  it("fails a push whose subscription keys web-push refuses, and the thread goes on", async () => {
    const bad = { endpoint: `${base}/send/bad`, keys: { p256dh: "short", auth: "x" } };
    await expect(sendOnThread(bad, "{}", { headers: {}, TTL: 60 }, true)).rejects.toThrow();
    expect(await sendOnThread(subscription("/send/after-bad"), "{}", { headers: {}, TTL: 60 }, true)).toBe(201);
  });

  it.runIf(process.platform === "linux")("runs below the event loop's priority", async () => {
    await sendOnThread(subscription("/send/nice"), "{}", { headers: {}, TTL: 60 }, true);
    const own = niceOfThreads()[0];
    expect(niceOfThreads().some((n) => n === own + 10 || n === 19)).toBe(true);
  });
});
