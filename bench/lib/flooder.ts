// The flooding client, run as its own process (as it would be on its own machine) so the cost of
// sending 5,000 commands a second and reading their acks does not slow the clients being measured.
//   node --import tsx bench/lib/flooder.ts <url> <token> <channelId> <perSec> <durationMs>
// Prints one line of JSON: {sent, accepted, refused, other}.
import { io } from "socket.io-client";
import { PROTOCOL_VERSION, type Ack } from "@shared/realtime";

const [url, token, channel, perSecText, durationText] = process.argv.slice(2);
const perTick = Math.max(1, Math.round(Number(perSecText) / 100));
const s = io(url, { path: "/socket.io", transports: ["websocket"], auth: { token, protocol_version: PROTOCOL_VERSION }, reconnection: false, forceNew: true });
const counts = { sent: 0, accepted: 0, refused: 0, other: 0 };
s.once("session.ready", () => {
  process.stdout.write("ready\n");
  const timer = setInterval(() => {
    for (let k = 0; k < perTick; k++) {
      counts.sent++;
      s.emit("messages.create", { channel_id: Number(channel), content: `flood ${counts.sent}` }, (ack: Ack) => {
        if (ack?.ok) counts.accepted++;
        else if (ack?.error === "Too many requests") counts.refused++;
        else counts.other++;
      });
    }
  }, 10);
  setTimeout(() => {
    clearInterval(timer);
    setTimeout(() => {
      process.stdout.write(`${JSON.stringify(counts)}\n`);
      s.close();
      process.exit(0);
    }, 1000);
  }, Number(durationText));
});
s.once("connect_error", (err) => {
  console.error(err.message);
  process.exit(1);
});
