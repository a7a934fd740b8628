// Packets for one WebSocket that engine.io sends together leave in one write. engine.io holds a
// socket's packets while its previous write is in flight and then sends them in a loop, one
// WebSocket frame each, and ws writes each frame at once: a system call per packet per socket,
// the largest single cost of a chat push under load (docs/architecture.md, "The change feed").
// A group commit publishes many messages in one turn, so a member of a busy room gets several
// packets per flush; corking the TCP socket around the loop hands them to the kernel in one
// writev. Frames, their order and their callbacks are unchanged, only the system calls merge.
import type { Socket as NetSocket } from "node:net";

interface EngineTransport {
  name: string;
  send: (packets: unknown[]) => void;
  /** ws's WebSocket, whose `_socket` is the TCP socket. */
  socket?: { _socket?: NetSocket };
}

const CORKED = Symbol("corked");

/** Patches the class of a websocket transport (once; later calls are a property check). */
export function corkTransport(transport: unknown): void {
  const t = transport as EngineTransport | undefined;
  if (!t || t.name !== "websocket") return;
  const proto = Object.getPrototypeOf(t) as EngineTransport & { [CORKED]?: true };
  if (proto[CORKED] || typeof proto.send !== "function") return;
  const send = proto.send;
  proto.send = function (this: EngineTransport, packets: unknown[]) {
    const tcp = this.socket?._socket;
    if (packets.length < 2 || !tcp || typeof tcp.cork !== "function") return send.call(this, packets);
    tcp.cork();
    try {
      send.call(this, packets);
    } finally {
      tcp.uncork();
    }
  };
  proto[CORKED] = true;
}
