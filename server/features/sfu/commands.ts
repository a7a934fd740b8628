// SFU signalling over the socket (docs/calls.md).
import { sfuAnswerInput, sfuConfigureInput, sfuPublishInput, sfuTrickleInput } from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import { answer, configure, publish, trickle } from "./service";
import { takeBack } from "../calls/liveness";

export const sfuCommands = {
  "sfu.publish": command(sfuPublishInput, async (ctx, _hub, socket, input) => {
    // The handles live as long as the socket that made them: a closed tab leaves the room.
    const res = await publish(ctx, socket.data.u, input.call_id, input.jsep, (close) => socket.once("disconnect", close));
    // Publishing again after a reconnect holds the user's place in the call too (docs/calls.md).
    await takeBack(ctx, socket, input.call_id);
    return res;
  }),
  "sfu.answer": command(sfuAnswerInput, (ctx, _hub, socket, input) => answer(ctx, socket.data.u, input.call_id, input.jsep)),
  "sfu.trickle": command(sfuTrickleInput, (ctx, _hub, socket, input) => trickle(ctx, socket.data.u, input.call_id, input.target, input.candidate)),
  "sfu.configure": command(sfuConfigureInput, (ctx, _hub, socket, input) => configure(ctx, socket.data.u, input.call_id, input.layers)),
};
