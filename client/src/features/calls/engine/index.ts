// The lazily loaded half of the calls layer (see ../controller): the mesh engine, meetings and the
// SFU. The one CallEngine is made here with what it needs handed in (./deps), so the engine
// imports neither the socket nor ./meeting, whose call-record handler it calls (no import cycle).
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
import { sfuActive, sfuConnections, startSfu, stopSfu } from "./sfu";

export const callEngine: CallEngine = new CallEngine({
  store: useCallsStore.getState,
  emit: emitWithAck,
  fetchCurrentCall,
  applyCallRecord: (rec) => meetings.receiveCallUpdate(rec),
  openMedia: openCallMedia,
  loadIceServers,
  createPeer,
  sfu: { start: startSfu, stop: stopSfu, active: sfuActive, connections: sfuConnections },
  stopRecording,
  closeCallNotice,
});
export const meetings = new MeetingRoom(callEngine);
export const controls = new CallControls(callEngine);

export { receiveSfuOffer, receiveTalking, scheduleLayers } from "./sfu";
