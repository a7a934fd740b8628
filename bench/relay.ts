// The baseline: a bare Socket.IO relay speaking the same chat events as the app, with no auth,
// no validation and no database. `tsx bench/relay.ts --port 4100`; the bench starts it itself.
import http from "node:http";
import { Server } from "socket.io";
import type { Ack, ChatMessage } from "@shared/realtime";
import type { MessageReaction } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { LISTEN_BACKLOG } from "../server/config";

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const port = Number(arg("port", process.env.PORT ?? "4100"));

const server = http.createServer((req, res) => {
  if (req.url?.startsWith("/api/metrics")) {
    if (req.url.includes("gc=1")) (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, sockets: io.of("/").sockets.size }));
    return;
  }
  if (req.url === "/api/health") {
    res.end('{"ok":true}');
    return;
  }
  res.statusCode = 404;
  res.end();
});

const io = new Server(server, { path: "/socket.io", serveClient: false, maxHttpBufferSize: LIMITS.socketMaxPayloadBytes, perMessageDeflate: false });
let seq = 0;

io.on("connection", (socket) => {
  const auth = socket.handshake.auth as { channels?: number[] };
  socket.join((auth.channels ?? []).map((c) => `channel:${c}`));
  socket.emit("session.ready", { user_id: 0, node_id: "relay", recovered: false, seq });
  socket.on("messages.create", (p: { channel_id: number; content: string; thread_root_id?: number }, ack?: (r: Ack<ChatMessage>) => void) => {
    const now = new Date().toISOString();
    const m: ChatMessage = {
      id: ++seq,
      channel_id: p.channel_id,
      content: p.content,
      sender_name: "relay",
      sender_email: "relay@bench.test",
      message_type: "text",
      file_url: null,
      file_name: null,
      edited_at: null,
      resolved_at: null,
      resolved_by: null, pinned_at: null, pinned_by: null,
      webhook_id: null,
      attachments: null,
      client_id: null,
      mentions: [],
      mentions_all: false,
      thread_root_id: p.thread_root_id ?? null,
      also_to_channel: false,
      reply_count: 0,
      last_reply_at: null,
      repliers: [],
      deleted_at: null,
      created_date: now,
      updated_date: now,
    };
    // The app's push: the message's change record, with a sequence number.
    io.to(`channel:${p.channel_id}`).emit("entities.change", { seq: m.id, table: "messages", op: "create", id: m.id, row: m });
    if (typeof ack === "function") ack({ ok: true, data: m });
  });
  // A reaction: its change record to the room the client names (the app works the channel out from the message).
  socket.on("message_reactions.create", (p: { message_id: number; emoji: string; channel_id: number }, ack?: (r: Ack<MessageReaction>) => void) => {
    const now = new Date().toISOString();
    const r: MessageReaction = { id: ++seq, message_id: p.message_id, channel_id: p.channel_id, user_email: "relay@bench.test", emoji: p.emoji, created_date: now, updated_date: now };
    io.to(`channel:${p.channel_id}`).emit("entities.change", { seq: r.id, table: "message_reactions", op: "create", id: r.id, row: r });
    if (typeof ack === "function") ack({ ok: true, data: r });
  });
});

// The app's listen queue, so both are compared on the same footing.
server.listen({ port, host: "127.0.0.1", backlog: LISTEN_BACKLOG }, () => console.log(`relay listening on ${port}`));
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => io.close(() => process.exit(0)));
