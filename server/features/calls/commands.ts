// Calls over the socket: the same services as the polling routes in ./routes.
import {
  callAnswerInput,
  callEndInput,
  callMuteInput,
  callResumeInput,
  callInitiateGroupInput,
  callInitiateInput,
  callInviteInput,
  meetingHandInput,
  meetingJoinInput,
  meetingModerateInput,
  signalSendInput,
} from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import type { IoSocket } from "../../realtime/hub";
import { answerCall, endCall, initiateCall, setMicrophone } from "./service";
import { holdCall, resumeCall } from "./liveness";
import { relaySignal } from "./signals-relay";
import { inviteToCall } from "./invite";
import { joinMeeting, moderate, raiseHand } from "./meetings";

/** Runs a command that puts the socket's user in a call; the socket then holds their place (./liveness). */
const holding = async <T extends { call_id: string }>(socket: IoSocket, run: Promise<T>): Promise<T> => {
  const res = await run;
  holdCall(socket, res.call_id);
  return res;
};

export const callCommands = {
  "signals.send": command(signalSendInput, async (ctx, _hub, socket, input) => {
    const sent = await relaySignal(ctx, socket.data.u, input);
    if (input.message_type === "call_accept") holdCall(socket, input.call_id); // it acts as calls.answer
    return sent;
  }),
  "calls.initiate": command(callInitiateInput, (ctx, _hub, socket, input) =>
    holding(socket, initiateCall(ctx, socket.data.u, [input.target_user_id], input.call_type, false)),
  ),
  "calls.initiateGroup": command(callInitiateGroupInput, (ctx, _hub, socket, input) =>
    holding(socket, initiateCall(ctx, socket.data.u, input.target_user_ids, input.call_type, true)),
  ),
  "calls.answer": command(callAnswerInput, (ctx, _hub, socket, input) => {
    const answered = answerCall(ctx, socket.data.u, input.call_id, input.accepted, input.reason);
    return input.accepted ? holding(socket, answered) : answered;
  }),
  "calls.end": command(callEndInput, (ctx, _hub, socket, input) => endCall(ctx, socket.data.u, input.call_id)),
  "calls.invite": command(callInviteInput, (ctx, _hub, socket, input) => inviteToCall(ctx, socket.data.u, input.call_id, input.user_ids)),
  "calls.resume": command(callResumeInput, (ctx, _hub, socket, input) => resumeCall(ctx, socket, input.call_id)),
  "calls.mute": command(callMuteInput, (ctx, _hub, socket, input) => setMicrophone(ctx, socket.data.u, input.call_id, input.muted)),
  "meetings.join": command(meetingJoinInput, (ctx, _hub, socket, input) => holding(socket, joinMeeting(ctx, socket.data.u, input.meeting_id, input.muted ?? false))),
  "meetings.raiseHand": command(meetingHandInput, (ctx, _hub, socket, input) => raiseHand(ctx, socket.data.u, input.call_id, input.raised)),
  "meetings.mute": command(meetingModerateInput, (ctx, _hub, socket, input) => moderate(ctx, socket.data.u, input.call_id, input.user_id, "mute")),
  "meetings.remove": command(meetingModerateInput, (ctx, _hub, socket, input) => moderate(ctx, socket.data.u, input.call_id, input.user_id, "remove")),
};
