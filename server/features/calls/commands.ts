// Calls over the socket: the same services as the polling routes in ./routes.
import { callAnswerInput, callEndInput, callInitiateGroupInput, callInitiateInput, signalSendInput } from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import { answerCall, endCall, initiateCall } from "./service";
import { relaySignal } from "./signals-relay";

export const callCommands = {
  "signals.send": command(signalSendInput, (ctx, _hub, socket, input) => relaySignal(ctx, socket.data.u, input)),
  "calls.initiate": command(callInitiateInput, (ctx, _hub, socket, input) =>
    initiateCall(ctx, socket.data.u, [input.target_user_id], input.call_type, false),
  ),
  "calls.initiateGroup": command(callInitiateGroupInput, (ctx, _hub, socket, input) =>
    initiateCall(ctx, socket.data.u, input.target_user_ids, input.call_type, true),
  ),
  "calls.answer": command(callAnswerInput, (ctx, _hub, socket, input) => answerCall(ctx, socket.data.u, input.call_id, input.accepted)),
  "calls.end": command(callEndInput, (ctx, _hub, socket, input) => endCall(ctx, socket.data.u, input.call_id)),
};
