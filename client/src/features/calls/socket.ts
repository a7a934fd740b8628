import { addSocketHandlers } from "../../realtime/socket";
import { refreshCallHistory, upsertCallInHistory } from "./api";
import { receiveSignal } from "./controller";
import { useRecordingStatusStore } from "./recordingStatus";

/** Call signalling and call-history pushes; the controller feeds the calls store and the engine. */
export function registerCallsSocket(): () => void {
  return addSocketHandlers((socket) => {
    socket.on("signals.receive", receiveSignal);
    // A change pushed before the socket was in its rooms (just after a page load, or while away) was missed.
    socket.on("session.ready", refreshCallHistory);
    socket.on("calls.update", (rec) => {
      upsertCallInHistory(rec);
      useRecordingStatusStore.getState().note(rec);
    });
  });
}
