// SFU signalling over the socket (docs/calls.md).
import { sfuAnswerInput, sfuConfigureInput, sfuPublishInput, sfuTrickleInput } from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import { answer, configure, publish, trickle } from "./service";

export const sfuCommands = {
  "sfu.publish": command(sfuPublishInput, (ctx, _hub, socket, input) =>
    // The handles live as long as the socket that made them: a closed tab leaves the room.
    publish(ctx, socket.data.u, input.call_id, input.jsep, (close) => socket.once("disconnect", close)),
  ),
  "sfu.answer": command(sfuAnswerInput, (ctx, _hub, socket, input) => answer(ctx, socket.data.u, input.call_id, input.jsep)),
  "sfu.trickle": command(sfuTrickleInput, (ctx, _hub, socket, input) => trickle(ctx, socket.data.u, input.call_id, input.target, input.candidate)),
  "sfu.configure": command(sfuConfigureInput, (ctx, _hub, socket, input) => configure(ctx, socket.data.u, input.call_id, input.layers)),
};
