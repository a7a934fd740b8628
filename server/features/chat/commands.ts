// Chat over the socket: posting (the hot path in ./post; replies in ./threads), typing notices,
// read positions (./reads), following and resolving threads (./threads).
import { channelReadsUpdateInput, channelTypingInput, messageCreateInput, messagesResolveInput, rooms, threadFollowsUpdateInput } from "@shared/realtime";
import { HttpError } from "../../errors";
import { command } from "../../realtime/dispatcher";
import { presentMessage } from "../../entities/present";
import { postMessage } from "./post";
import { updateChannelRead } from "./reads";
import { resolveThread, updateThreadFollow } from "./threads";
import { metrics } from "../../ops/metrics";
import type { User } from "../../db/schema";

export const chatCommands = {
  "messages.create": command(messageCreateInput, async (ctx, _hub, socket, input) => {
    const started = performance.now();
    const message = await postMessage(ctx, socket.data.u, input);
    // Committed and pushed to the channel's room by now (the push leaves with the commit's event).
    metrics.messageRoundTrip((performance.now() - started) / 1000);
    return presentMessage(message);
  }),
  "channels.typing": command(channelTypingInput, async (_ctx, _hub, socket, input) => {
    const room = rooms.channel(input.channel_id);
    // Only readers of the channel are in its room; anyone else is told nothing about it.
    if (!socket.rooms.has(room)) throw new HttpError(404, "Channel not found");
    socket.volatile.to(room).emit("channels.typing", { channel_id: input.channel_id, user_id: socket.data.u.id, user_name: socket.data.u.full_name });
    return null;
  }),
  "channel_reads.update": command(channelReadsUpdateInput, (ctx, _hub, socket, input) => updateChannelRead(ctx, socket.data.u as User, input)),
  "messages.resolve": command(messagesResolveInput, async (ctx, _hub, socket, input) => presentMessage(await resolveThread(ctx, socket.data.u as User, input))),
  "thread_follows.update": command(threadFollowsUpdateInput, (ctx, _hub, socket, input) => updateThreadFollow(ctx, socket.data.u as User, input)),
};
