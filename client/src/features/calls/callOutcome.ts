import type { CallParticipant, CallRecord } from "@shared/realtime";

/** How a call card names what happened, seen by `myId` (issue: history must not say what did not happen). */
export type CallTone = "connected" | "ended" | "missed" | "rejected" | "busy" | "cancelled" | "ringing";

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The call's badge: a caller who hung up while it rang cancelled it; a call nobody could take was busy. */
export function callStatusLabel(call: CallRecord, myId: number | undefined): { text: string; tone: CallTone } {
  if (call.status === "missed" && call.end_reason === "cancelled" && call.initiator_id === myId) return { text: "Cancelled", tone: "cancelled" };
  if (call.status === "rejected" && call.end_reason === "busy") return { text: "Busy", tone: "busy" };
  if (call.status === "initiated" || call.status === "ringing") return { text: cap(call.status), tone: "ringing" };
  return { text: cap(call.status), tone: call.status };
}

const PARTICIPANT_TEXT: Record<string, string> = {
  joined: "Joined",
  rejected: "Declined",
  busy: "Busy",
  missed: "Missed",
  invited: "Invited",
  ringing: "Ringing",
};

/** A participant's chip: the caller of a call that never connected did not join anything. */
export function participantLabel(call: CallRecord, p: CallParticipant): string {
  if (p.user_id === call.initiator_id && !call.started_at) return "Caller";
  return PARTICIPANT_TEXT[p.status] ?? cap(p.status);
}

/** Recording only means something for a call that connected (a 0 s missed call was never recordable). */
export const showsRecordingState = (call: CallRecord): boolean => call.started_at !== null;
