import { addSocketHandlers } from "../../realtime/socket";
import { upsertCallInHistory } from "./api";
import { receiveSignal } from "./controller";
import { useRecordingStatusStore } from "./recordingStatus";

/** Call signalling and call-history pushes; the controller feeds the calls store and the engine. */
export function registerCallsSocket(): () => void {
  return addSocketHandlers((socket) => {
    socket.on("signals.receive", receiveSignal);
    socket.on("calls.update", (rec) => {
      upsertCallInHistory(rec);
      useRecordingStatusStore.getState().note(rec);
    });
  });
}
