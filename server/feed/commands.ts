// `changes.since` over the socket: the catch-up after a reconnect, for the rooms the socket is in.
import { changesSinceInput } from "@shared/realtime";
import type { User } from "../db/schema";
import { command } from "../realtime/dispatcher";
import { changesFor } from "./routes";

export const feedCommands = {
  "changes.since": command(changesSinceInput, async (ctx, _hub, socket, input) => {
    const channels = [...socket.rooms].filter((r) => r.startsWith("channel:"));
    return changesFor(ctx, socket.data.u as User, channels, input.since, input.limit);
  }),
};
