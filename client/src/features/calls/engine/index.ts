// The lazily loaded half of the calls layer (see ../controller): the mesh engine, meetings and the
// SFU. The one CallEngine and its SFU connection are made here with what they need handed in
// (./deps), so the engine imports neither the socket nor ./meeting, whose call-record handler it
// calls (no import cycle), and each holds its state inside.
import { emitWithAck } from "../../../realtime/socket";
import { fetchCurrentCall } from "../api";
import { useCallsStore } from "../store";
import { CallControls } from "./controls";
import { CallEngine } from "./engine";
import { loadIceServers } from "./ice";
import { openCallMedia } from "./media";
import { MeetingRoom } from "./meeting";
import { closeCallNotice } from "./notify";
import { createPeer } from "./peer";
import { stopRecording } from "./recorder";
import { SfuConnection } from "./sfu";
import { CallTimeline } from "./timeline";

const timeline = new CallTimeline();
export const sfu = new SfuConnection({ store: useCallsStore.getState, emit: emitWithAck, timeline });
export const callEngine: CallEngine = new CallEngine({
  store: useCallsStore.getState,
  emit: emitWithAck,
  fetchCurrentCall,
  applyCallRecord: (rec) => meetings.receiveCallUpdate(rec),
  openMedia: openCallMedia,
  loadIceServers,
  createPeer,
  sfu,
  timeline,
  stopRecording,
  closeCallNotice,
});
export const meetings = new MeetingRoom(callEngine);
export const controls = new CallControls(callEngine);
