// Push encryption off the event loop (README, "Notifications"): one worker thread runs web-push's
// generateRequestDetails (./push-encrypt.worker.mjs), so an @channel to a thousand people does not
// spend seconds of the chat's CPU on ECDH and AES-GCM. One thread is enough: the push service's
// answers, not the encryption, set the pace. Should the thread not start or die, pushes are
// encrypted here instead (slower for chat, never lost).
import { Worker } from "node:worker_threads";
import webpush from "web-push";

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type Options = { headers: Record<string, string>; TTL: number; urgency?: string; topic?: string };
export type Encrypted = { endpoint: string; headers: Record<string, string | number>; body: Buffer | null };
type Reply = { id: number; endpoint?: string; headers?: Record<string, string | number>; body?: Uint8Array | null; error?: string };

const inline = (subscription: Subscription, payload: string, options: Options): Encrypted => {
  const req = webpush.generateRequestDetails(subscription, payload, options as webpush.RequestOptions);
  return { endpoint: req.endpoint, headers: req.headers as Record<string, string | number>, body: req.body ?? null };
};

let worker: Worker | null = null;
let broken = false;
let deaths = 0;
let seq = 0;
const pending = new Map<number, { resolve: (e: Encrypted) => void; reject: (e: Error) => void }>();

function failAll(err: Error): void {
  worker = null;
  // A thread that keeps dying (cannot load, say) is given up on: encrypt here from then on.
  if (++deaths >= 3) broken = true;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function thread(): Worker | null {
  if (worker || broken) return worker;
  try {
    const w = new Worker(new URL("./push-encrypt.worker.mjs", import.meta.url));
    // The thread never keeps the process alive; it is idle between pushes.
    w.unref();
    w.on("message", (r: Reply) => {
      const p = pending.get(r.id);
      if (!p) return;
      pending.delete(r.id);
      if (r.error !== undefined) p.reject(new Error(r.error));
      else p.resolve({ endpoint: r.endpoint!, headers: r.headers!, body: r.body ? Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength) : null });
    });
    w.on("error", (err: Error) => failAll(err));
    w.on("exit", () => {
      if (worker === w) failAll(new Error("push encryption thread exited"));
    });
    worker = w;
  } catch {
    broken = true;
  }
  return worker;
}

/** Encrypts and signs one push (web-push's generateRequestDetails), on the encryption thread when there is one. */
export function encryptPush(subscription: Subscription, payload: string, options: Options): Promise<Encrypted> {
  const w = thread();
  if (!w) return Promise.resolve().then(() => inline(subscription, payload, options));
  const id = ++seq;
  return new Promise<Encrypted>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, subscription, payload, options });
  }).catch((err: Error) => {
    // A bad subscription (keys web-push refuses) fails the same here; a dead thread falls back to encrypting inline.
    if (/push encryption thread exited/.test(err.message) || !worker) return inline(subscription, payload, options);
    throw err;
  });
}
