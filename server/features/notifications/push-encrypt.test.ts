// The push encryption thread (./push-encrypt.ts) does what web-push does inline, and on Linux it
// runs at a lower priority than the event loop that serves chat (nice 10).
import crypto from "node:crypto";
import fs from "node:fs";
import { describe, it, expect } from "vitest";
import webpush from "web-push";
import { encryptPush } from "./push-encrypt";

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

describe("push encryption thread", () => {
  const keys = webpush.generateVAPIDKeys();
  // A browser's subscription keys: an ECDH P-256 public key and a 16-byte secret.
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const subscription = { endpoint: "https://push.example.com/send/abc", keys: { p256dh: ecdh.getPublicKey("base64url"), auth: Buffer.alloc(16, 7).toString("base64url") } };

  it("encrypts a push as web-push does: an aes128gcm body for the subscription's endpoint", async () => {
    const options = { headers: { Authorization: `vapid t=x, k=${keys.publicKey}` }, TTL: 60, urgency: "high" };
    const e = await encryptPush(subscription, JSON.stringify({ title: "Hi" }), options);
    expect(e.endpoint).toBe(subscription.endpoint);
    expect(e.headers["Content-Encoding"]).toBe("aes128gcm");
    expect(e.headers.Urgency).toBe("high");
    // Salt, record size, key id and the sender's public key precede the ciphertext.
    expect(e.body!.length).toBeGreaterThan(86 + "{\"title\":\"Hi\"}".length);
  });

  it.runIf(process.platform === "linux")("runs below the event loop's priority", async () => {
    await encryptPush(subscription, "{}", { headers: {}, TTL: 60 });
    const own = niceOfThreads()[0];
    expect(niceOfThreads().some((n) => n === own + 10 || n === 19)).toBe(true);
  });
});
