import { addSocketHandlers } from "../../realtime/socket";
import { fetchCurrentCall, refreshCallHistory, upsertCallInHistory } from "./api";
import { receiveCallUpdate, receiveControl, receiveSfuOffer, receiveSignal, receiveTalking, resumeAfterReconnect } from "./controller";
import { useRecordingStatusStore } from "./recordingStatus";
import { useCallsStore } from "./store";
import { installHeldCall, leaveHeldCall } from "./heldCall";
import { installMicSync } from "./micSync";

/**
 * A `calls.update` pushed while the socket was away (a reconnect) or lost between nodes is missed
 * for good: the call that moved to the SFU, people who joined. Read the current call again.
 */
async function resyncCurrentCall(): Promise<void> {
  const { callId, status } = useCallsStore.getState();
  if (!callId || (status !== "connected" && status !== "connecting")) return;
  const rec = await fetchCurrentCall(callId).catch(() => null);
  if (rec) receiveCallUpdate(rec);
}

function resync(): void {
  void refreshCallHistory();
  void resyncCurrentCall();
}

function reconnected(): void {
  leaveHeldCall();
  // calls.resume answers with the current call's record: only the history is read again here.
  resumeAfterReconnect();
  void refreshCallHistory();
}

/** Call signalling and call-history pushes; the controller feeds the calls store and the engine. */
export function registerCallsSocket(): () => void {
  const unwatch = [installHeldCall(), installMicSync()];
  const unregister = addSocketHandlers((socket) => {
    socket.on("signals.receive", receiveSignal);
    // A change pushed before the socket was in its rooms (just after a page load, or while away) was missed.
    socket.on("session.ready", reconnected);
    // Pushes from another node may have been lost (docs/protocol.md, "Events"): as after a reconnect.
    socket.on("sync.required", resync);
    socket.on("calls.update", (rec) => {
      upsertCallInHistory(rec);
      useRecordingStatusStore.getState().note(rec);
      receiveCallUpdate(rec);
    });
    socket.on("sfu.offer", receiveSfuOffer);
    socket.on("sfu.talking", receiveTalking);
    socket.on("meetings.control", receiveControl);
  });
  return () => {
    unregister();
    for (const off of unwatch) off();
  };
}
