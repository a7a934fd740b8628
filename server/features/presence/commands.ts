// Presence over the socket: setting one's status and following others'.
import { presenceSubscribeInput, presenceUpdateInput } from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import { presenceRoom } from "./service";

export const presenceCommands = {
  "presence.update": command(presenceUpdateInput, (_ctx, hub, socket, input) => hub.presence.setStatus(socket.data.u.id, input.status)),
  "presence.subscribe": command(presenceSubscribeInput, async (_ctx, hub, socket, input) => {
    socket.join(input.user_ids.map(presenceRoom));
    return hub.presence.current(input.user_ids);
  }),
};
