import { addSocketHandlers } from "../../realtime/socket";
import { refreshCallHistory, upsertCallInHistory } from "./api";
import { receiveCallUpdate, receiveControl, receiveSfuOffer, receiveSignal, receiveTalking } from "./controller";
import { useRecordingStatusStore } from "./recordingStatus";

/** Call signalling and call-history pushes; the controller feeds the calls store and the engine. */
export function registerCallsSocket(): () => void {
  return addSocketHandlers((socket) => {
    socket.on("signals.receive", receiveSignal);
    // A change pushed before the socket was in its rooms (just after a page load, or while away) was missed.
    socket.on("session.ready", refreshCallHistory);
    // Pushes from another node may have been lost (README "sync.required"): as after a reconnect.
    socket.on("sync.required", refreshCallHistory);
    socket.on("calls.update", (rec) => {
      upsertCallInHistory(rec);
      useRecordingStatusStore.getState().note(rec);
      receiveCallUpdate(rec);
    });
    socket.on("sfu.offer", receiveSfuOffer);
    socket.on("sfu.talking", receiveTalking);
    socket.on("meetings.control", receiveControl);
  });
}
