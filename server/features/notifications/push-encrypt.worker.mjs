// The thread that encrypts pushes (./push-encrypt.ts): web-push's generateRequestDetails does an
// ECDH and an AES-GCM per push, a few milliseconds of CPU that would otherwise hold up the event
// loop that serves chat while an @channel goes out. Plain JavaScript so it starts the same under
// any loader (the server, the tests, the benches).
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import webpush from "web-push";

// Background work: on Linux a thread has its own nice value (setpriority on its thread id, read
// from /proc/thread-self), so the encryption yields the cores to the event loop that serves chat
// and to the database whenever they want them. Elsewhere it runs at the process's priority.
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (tid > 0) setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: the same work at normal priority.
}

parentPort.on("message", ({ id, subscription, payload, options }) => {
  try {
    const req = webpush.generateRequestDetails(subscription, payload, options);
    parentPort.postMessage({ id, endpoint: req.endpoint, headers: req.headers, body: req.body ?? null });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
