// Web Push (docs/notifications.md): the server's VAPID key pair comes from VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY or is generated once into DATA_DIR (like the embedded mode's JWT secret), so
// subscriptions made against it stay valid across restarts. Several nodes must share the keys:
// set them in the environment there (or share DATA_DIR).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { sendOnThread } from "./push-send";
import type { Config } from "../../config";
import type { PushPayload } from "@shared/entities";
import type { StoredSubscription } from "./repository";
import { endpointShapeProblem } from "./endpoint-guard";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cache = new WeakMap<Config, VapidKeys>();

export function vapidKeys(config: Config): VapidKeys {
  const known = cache.get(config);
  if (known) return known;
  let pair = config.notify.vapid;
  if (!pair) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const file = path.join(config.dataDir, "vapid.json");
    if (!fs.existsSync(file)) {
      // wx: a second process starting at the same moment keeps the first one's keys.
      try {
        fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: "wx" });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
    }
    pair = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  }
  const subject = config.notify.vapidSubject ?? (config.publicUrl?.startsWith("https://") ? config.publicUrl : "mailto:admin@localhost");
  const keys = { publicKey: pair.publicKey, privateKey: pair.privateKey, subject };
  cache.set(config, keys);
  return keys;
}

/**
 * The VAPID Authorization header for a push service (the endpoint's origin). Signing it costs a
 * few milliseconds of CPU, so one token, valid 12 hours, serves every push to that service for an
 * hour: an @channel to a thousand people signs once, not a thousand times.
 */
const signed = new Map<string, { header: string; until: number }>();
function vapidAuthorization(keys: VapidKeys, endpoint: string): string {
  const audience = new URL(endpoint).origin;
  const now = Date.now();
  const known = signed.get(`${keys.publicKey} ${audience}`);
  if (known && known.until > now) return known.header;
  const expiration = Math.floor(now / 1000) + 12 * 3600;
  const header = webpush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, "aes128gcm", expiration).Authorization;
  if (signed.size > 1000) signed.clear();
  signed.set(`${keys.publicKey} ${audience}`, { header, until: now + 3_600_000 });
  return header;
}

export type PushResult = "sent" | "gone" | { retry: string };

/** How a push travels: a ringing call is urgent and stale within a minute; the rest may wait a day. */
export interface PushOptions {
  ttlSeconds?: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** Pushes with one topic replace each other while waiting at the push service (a call's ring and its withdrawal). */
  topic?: string;
}

/** A Web Push topic (at most 32 URL-safe characters) standing for a notification tag. */
export const topicOf = (tag: string) => crypto.createHash("sha256").update(tag).digest("base64url").slice(0, 32);

/**
 * Sends one push; "gone" when the push service no longer knows the subscription (404/410), or
 * the endpoint is not a public https URL (./endpoint-guard.ts; checked at subscription time
 * too, so only a subscription stored before the check can be one). The push thread encrypts and
 * signs it (web-push's generateRequestDetails) and sends it over a kept-alive connection per push
 * service (./push-post.mjs), which only reaches public addresses unless
 * PUSH_ALLOW_PRIVATE_ENDPOINTS (a local push service in tests).
 */
export async function sendPush(config: Config, sub: StoredSubscription, payload: PushPayload, options: PushOptions = {}): Promise<PushResult> {
  const keys = vapidKeys(config);
  const allowPrivate = config.notify.allowPrivateEndpoints;
  if (endpointShapeProblem(sub.endpoint, config.notify)) return "gone";
  try {
    // Encrypted and sent on the push thread (./push-send.ts), off the event loop that serves chat.
    const subscription = { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } };
    const status = await sendOnThread(
      subscription,
      JSON.stringify(payload),
      {
        // Signed here once an hour per push service (above) rather than by web-push on every call.
        headers: { Authorization: vapidAuthorization(keys, sub.endpoint) },
        TTL: options.ttlSeconds ?? 24 * 3600,
        ...(options.urgency ? { urgency: options.urgency } : {}),
        ...(options.topic ? { topic: options.topic } : {}),
      },
      allowPrivate,
    );
    if (status === 404 || status === 410) return "gone";
    if (status >= 200 && status < 300) return "sent";
    return { retry: `push service answered ${status}` };
  } catch (err) {
    // The host now resolves to a private address: this subscription will never be sent to.
    if ((err as NodeJS.ErrnoException).code === "ENOTPUBLIC") return "gone";
    return { retry: (err as Error).message || "push failed" };
  }
}
