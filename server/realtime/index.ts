import type http from "node:http";
import type { AppContext } from "../context";

// Placeholder: the Socket.IO hub attaches here.
export async function attachRealtime(_server: http.Server, _ctx: AppContext): Promise<{ close: () => Promise<void> }> {
  void _server;
  void _ctx;
  return { close: async () => {} };
}
