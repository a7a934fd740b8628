// A local Web Push service for the pushchannel bench (web-push-testing, as the notification tests
// use), in its own process so its decrypting does not slow the bench's clients. It counts the
// pushes it accepted (201) and when the last came; POST /bench-stats answers
// {accepted, rejected, lastAcceptedAt} (ms since the epoch). Prints "ready <url>" when listening.
//
//   node --import tsx bench/push-service.ts --port 0
import { createRequire } from "node:module";
import { freePort } from "../server/test/net";
import type { IncomingMessage, ServerResponse } from "node:http";

const require = createRequire(import.meta.url);

const Server = require("web-push-testing/src/server.js");
const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
const port = await freePort();
const server = new Server(new PushApiModel(), port);
const log = console.log;
console.log = () => {};
server.startServer();
let accepted = 0;
let rejected = 0;
let lastAcceptedAt = 0;
(server._server as import("node:http").Server).on("request", (req: IncomingMessage, res: ServerResponse) => {
  if (!req.url?.startsWith("/notify/")) return;
  res.on("finish", () => {
    if (res.statusCode === 201) {
      accepted++;
      lastAcceptedAt = Date.now();
    } else rejected++;
  });
});
server._app.post("/bench-stats", (_req: unknown, res: { json: (v: unknown) => void }) => res.json({ accepted, rejected, lastAcceptedAt }));
server._app.post("/bench-reset", (_req: unknown, res: { json: (v: unknown) => void }) => {
  accepted = 0;
  rejected = 0;
  lastAcceptedAt = 0;
  res.json({ ok: true });
});
server._server.once("listening", () => log(`ready http://localhost:${port}`));
