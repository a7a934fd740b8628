// Tells the server when this tab's microphone goes off or on in a call (calls.mute), so the others
// see it on its tile (docs/calls.md). The mute button, the organiser's mute and a page walking back
// into its meeting all only change `audioEnabled`; this watches it and says each change once.
import { emitWithAck } from "../../realtime/socket";
import { useCallsStore } from "./store";

/** What the server holds for the call this tab is in. */
let told: { callId: string; muted: boolean } | null = null;

function sync(): void {
  const s = useCallsStore.getState();
  if (!s.callId || (s.status !== "connecting" && s.status !== "connected")) {
    told = null;
    return;
  }
  const muted = !s.audioEnabled;
  // A new call: meetings.join said how we walked in; a call starts with everyone's microphone on.
  if (told?.callId !== s.callId) told = { callId: s.callId, muted: s.meetingId ? muted : false };
  if (told.muted === muted) return;
  const callId = s.callId;
  told = { callId, muted };
  emitWithAck("calls.mute", { call_id: callId, muted }).catch(() => {
    // Not said (the socket is away): the next change tries again, and calls.resume's record tells what the server holds.
    if (told?.callId === callId && told.muted === muted) told = { callId, muted: !muted };
  });
}

/** The call's record as the server has it (calls.resume): what it holds for this tab's microphone. */
export function heardMic(callId: string, muted: boolean): void {
  told = { callId, muted };
  sync();
}

/** Watches the calls store; registered once, with the calls socket handlers. */
export function installMicSync(): () => void {
  return useCallsStore.subscribe(sync);
}
