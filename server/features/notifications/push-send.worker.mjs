// The push thread (./push-send.ts): encrypts each push (web-push's generateRequestDetails: an
// ECDH and an AES-GCM) and sends it to its push service (./push-post.mjs), so that neither the
// few milliseconds of CPU per push nor the HTTP of a thousand requests holds up the event loop
// that serves chat while an @channel goes out. Plain JavaScript so it starts the same under any
// loader (the server, the tests, the benches).
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { encryptAndPost } from "./push-post.mjs";

// Background work: on Linux a thread has its own nice value (setpriority on its thread id, read
// from /proc/thread-self), so the pushes yield the cores to the event loop that serves chat and
// to the database whenever they want them. Elsewhere it runs at the process's priority.
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (tid > 0) setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: the same work at normal priority.
}

// Answers go back in batches, whatever finished in one turn of this thread's loop.
let answers = [];
function answer(a) {
  if (!answers.length) {
    setImmediate(() => {
      const batch = answers;
      answers = [];
      parentPort.postMessage(batch);
    });
  }
  answers.push(a);
}

async function send({ id, ...push }) {
  try {
    answer({ id, status: await encryptAndPost(push) });
  } catch (err) {
    answer({ id, error: err instanceof Error ? err.message : String(err), code: err?.code });
  }
}

// The server hands pushes over in batches (one message per turn of its loop): a message each
// would cost its event loop a structured clone and a wake-up per push.
parentPort.on("message", (batch) => {
  for (const push of batch) void send(push);
});
