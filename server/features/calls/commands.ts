// Calls over the socket: the same services as the polling routes in ./routes.
import {
  callAnswerInput,
  callEndInput,
  callInitiateGroupInput,
  callInitiateInput,
  callInviteInput,
  meetingHandInput,
  meetingJoinInput,
  meetingModerateInput,
  signalSendInput,
} from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import { answerCall, endCall, initiateCall } from "./service";
import { relaySignal } from "./signals-relay";
import { inviteToCall } from "./invite";
import { joinMeeting, moderate, raiseHand } from "./meetings";

export const callCommands = {
  "signals.send": command(signalSendInput, (ctx, _hub, socket, input) => relaySignal(ctx, socket.data.u, input)),
  "calls.initiate": command(callInitiateInput, (ctx, _hub, socket, input) =>
    initiateCall(ctx, socket.data.u, [input.target_user_id], input.call_type, false),
  ),
  "calls.initiateGroup": command(callInitiateGroupInput, (ctx, _hub, socket, input) =>
    initiateCall(ctx, socket.data.u, input.target_user_ids, input.call_type, true),
  ),
  "calls.answer": command(callAnswerInput, (ctx, _hub, socket, input) => answerCall(ctx, socket.data.u, input.call_id, input.accepted, input.reason)),
  "calls.end": command(callEndInput, (ctx, _hub, socket, input) => endCall(ctx, socket.data.u, input.call_id)),
  "calls.invite": command(callInviteInput, (ctx, _hub, socket, input) => inviteToCall(ctx, socket.data.u, input.call_id, input.user_ids)),
  "meetings.join": command(meetingJoinInput, (ctx, _hub, socket, input) => joinMeeting(ctx, socket.data.u, input.meeting_id)),
  "meetings.raiseHand": command(meetingHandInput, (ctx, _hub, socket, input) => raiseHand(ctx, socket.data.u, input.call_id, input.raised)),
  "meetings.mute": command(meetingModerateInput, (ctx, _hub, socket, input) => moderate(ctx, socket.data.u, input.call_id, input.user_id, "mute")),
  "meetings.remove": command(meetingModerateInput, (ctx, _hub, socket, input) => moderate(ctx, socket.data.u, input.call_id, input.user_id, "remove")),
};
