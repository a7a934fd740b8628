// Web Push (README, "Notifications"): the server's VAPID key pair comes from VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY or is generated once into DATA_DIR (like the embedded mode's JWT secret), so
// subscriptions made against it stay valid across restarts. Several nodes must share the keys:
// set them in the environment there (or share DATA_DIR).
import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../../config";
import type { PushPayload } from "@shared/entities";
import type { StoredSubscription } from "./repository";

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

/**
 * Sends one push; "gone" when the push service no longer knows the subscription (404/410).
 * web-push encrypts and signs (generateRequestDetails); the request itself goes out with fetch,
 * which also reaches a local http push service in tests (PUSH_ALLOW_HTTP).
 */
export async function sendPush(config: Config, sub: StoredSubscription, payload: PushPayload): Promise<PushResult> {
  const keys = vapidKeys(config);
  try {
    const req = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
      // Signed here once an hour per push service (above) rather than by web-push on every call.
      headers: { Authorization: vapidAuthorization(keys, sub.endpoint) },
      TTL: 24 * 3600,
    });
    const res = await fetch(req.endpoint, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.body ? new Uint8Array(req.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return "gone";
    if (res.status >= 200 && res.status < 300) return "sent";
    return { retry: `push service answered ${res.status}` };
  } catch (err) {
    return { retry: (err as Error).message || "push failed" };
  }
}
