// Pushes leave from their own thread (docs/notifications.md): one worker thread
// (./push-send.worker.mjs) encrypts each push with web-push and sends it to its push service, so
// an @channel to a thousand people spends neither seconds of ECDH and AES-GCM nor a thousand HTTP
// requests and answers on the event loop that serves chat. Pushes go to the thread and their
// answers come back in batches, one message per turn of either side's loop. One thread is
// enough: the push services' answers, not the CPU, set the pace. Should the thread not start or
// die, pushes are encrypted and sent here instead (slower for chat, never lost).
import { Worker } from "node:worker_threads";
import { encryptAndPost } from "./push-post.mjs";

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type Options = { headers: Record<string, string>; TTL: number; urgency?: string; topic?: string };
type Push = { id: number; subscription: Subscription; payload: string; options: Options; allowPrivate: boolean };
type Answer = { id: number; status?: number; error?: string; code?: string };

const THREAD_EXITED = "push thread exited";

let worker: Worker | null = null;
let broken = false;
let deaths = 0;
let seq = 0;
const pending = new Map<number, { resolve: (status: number) => void; reject: (e: Error) => void }>();
let outbox: Push[] = [];

function failAll(err: Error): void {
  worker = null;
  outbox = [];
  // A thread that keeps dying (cannot load, say) is given up on: send from here from then on.
  if (++deaths >= 3) broken = true;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function thread(): Worker | null {
  if (worker || broken) return worker;
  try {
    const w = new Worker(new URL("./push-send.worker.mjs", import.meta.url));
    // The thread never keeps the process alive; it is idle between pushes.
    w.unref();
    w.on("message", (answers: unknown) => {
      // Only ever a batch of answers; anything else would be a bug in the thread, not a reason to stop the server.
      if (!Array.isArray(answers)) return;
      for (const a of answers as Answer[]) {
        const p = pending.get(a.id);
        if (!p) continue;
        pending.delete(a.id);
        if (a.error !== undefined) p.reject(Object.assign(new Error(a.error), a.code ? { code: a.code } : {}));
        else p.resolve(a.status!);
      }
    });
    w.on("error", (err: Error) => failAll(err));
    w.on("exit", () => {
      if (worker === w) failAll(new Error(THREAD_EXITED));
    });
    worker = w;
  } catch {
    broken = true;
  }
  return worker;
}

/** Hands the pushes of this turn to the thread (the one running now: it may have been replaced). */
function flush(): void {
  const batch = outbox;
  outbox = [];
  if (!batch.length) return;
  const w = thread();
  if (w) w.postMessage(batch);
  else for (const p of batch) pending.get(p.id)?.reject(new Error(THREAD_EXITED));
}

/**
 * Encrypts and signs one push (web-push's generateRequestDetails) and POSTs it to its endpoint,
 * on the push thread when there is one; answers the push service's status code. Without
 * `allowPrivate` the connection only goes to public addresses (./public-lookup.mjs; a refusal
 * fails with code ENOTPUBLIC).
 */
export function sendOnThread(subscription: Subscription, payload: string, options: Options, allowPrivate: boolean): Promise<number> {
  const push = { subscription, payload, options, allowPrivate };
  if (!thread()) return Promise.resolve().then(() => encryptAndPost(push));
  const id = ++seq;
  return new Promise<number>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    if (!outbox.length) setImmediate(flush);
    outbox.push({ id, ...push });
  }).catch((err: Error) => {
    // A bad subscription (keys web-push refuses) or a refused address fails the same here; a dead
    // thread falls back to sending here (a push it had sent may then arrive twice: its tag makes
    // the second replace the first).
    if (err.message === THREAD_EXITED || !worker) return encryptAndPost(push);
    throw err;
  });
}
