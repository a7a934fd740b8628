// The thread that encrypts pushes (./push-encrypt.ts): web-push's generateRequestDetails does an
// ECDH and an AES-GCM per push, a few milliseconds of CPU that would otherwise hold up the event
// loop that serves chat while an @channel goes out. Plain JavaScript so it starts the same under
// any loader (the server, the tests, the benches).
import { parentPort } from "node:worker_threads";
import webpush from "web-push";

parentPort.on("message", ({ id, subscription, payload, options }) => {
  try {
    const req = webpush.generateRequestDetails(subscription, payload, options);
    parentPort.postMessage({ id, endpoint: req.endpoint, headers: req.headers, body: req.body ?? null });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
