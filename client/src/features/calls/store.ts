import { create } from "zustand";
import type { CallMedia, CallType } from "@shared/realtime";

/** The one call the user is in, seen from this tab. */
export type CallStatus = "idle" | "connecting" | "connected" | "ended";

export type ParticipantState = "ringing" | "connecting" | "connected" | "left" | "rejected";

export interface CallParticipant {
  userId: number;
  name: string;
  state: ParticipantState;
  stream: MediaStream | null;
  /** When the first remote video frame was painted (epoch ms); measured by the e2e test. */
  firstFrameAt?: number;
  /** Meetings: this person's hand is up. */
  handRaised?: boolean;
}

export interface IncomingInvite {
  callId: string;
  fromUserId: number;
  fromName: string;
  callType: CallType;
  participantIds: number[];
  isGroup: boolean;
  receivedAt: number;
}

interface CallsState {
  status: CallStatus;
  callId: string | null;
  callType: CallType;
  outgoing: boolean;
  isGroup: boolean;
  /** Who the call is with, for the dialogs: the callee, the caller, or "N people". */
  title: string;
  participants: Record<number, CallParticipant>;
  localStream: MediaStream | null;
  audioEnabled: boolean;
  videoEnabled: boolean;
  screenSharing: boolean;
  /** This browser records the call (and uploads it when the recording stops). */
  recording: boolean;
  /** Epoch ms when the call became connected; drives the on-screen timer. */
  connectedAt: number | null;
  /** Epoch ms when this side accepted (callee) or learned of the accept (caller). */
  acceptedAt: number | null;
  /** Why the call ended, shown for a moment before returning to idle. */
  endReason: string | null;
  incoming: IncomingInvite | null;
  /** The error text for the 'Media Permission Required' dialog. */
  mediaError: string | null;
  /** True while an action (opening media, initiating) is under way, so buttons do not double-fire. */
  busy: boolean;
  /** Browser to browser, or through the SFU (docs/calls.md). */
  media: CallMedia;
  /** The meeting whose room this call is; null for a call. */
  meetingId: string | null;
  organiserId: number | null;
  /** My own hand, in a meeting. */
  handRaised: boolean;
  /** Who is speaking now (the SFU's audio-level events), and who the viewer pinned. */
  speakerId: number | null;
  pinnedId: number | null;
  /**
   * People in the call whose microphone is off, as the call's record says (calls.mute): kept by
   * user id, not on the participants, because the record may come before their tile does.
   */
  micOff: Record<number, true>;

  patch: (p: Partial<Omit<CallsState, "patch" | "reset" | "setParticipant" | "removeParticipant" | "setMicOff">>) => void;
  setParticipant: (userId: number, p: Partial<CallParticipant> & { name?: string }) => void;
  removeParticipant: (userId: number) => void;
  /** Takes who is muted from a call record's participants; unchanged when nobody's microphone changed. */
  setMicOff: (list: readonly { user_id: number; in_call?: boolean; muted?: boolean }[]) => void;
  /** Back to idle; keeps any pending invite and media error, which outlive a call. */
  reset: () => void;
}

const IDLE = {
  status: "idle" as CallStatus,
  callId: null,
  callType: "video" as CallType,
  outgoing: false,
  isGroup: false,
  title: "",
  participants: {},
  localStream: null,
  audioEnabled: true,
  videoEnabled: true,
  screenSharing: false,
  recording: false,
  connectedAt: null,
  acceptedAt: null,
  endReason: null,
  busy: false,
  media: "mesh" as CallMedia,
  meetingId: null,
  organiserId: null,
  handRaised: false,
  speakerId: null,
  pinnedId: null,
  micOff: {} as Record<number, true>,
};

export const useCallsStore = create<CallsState>()((set) => ({
  ...IDLE,
  incoming: null,
  mediaError: null,
  patch: (p) => set(p),
  setParticipant: (userId, p) =>
    set((s) => {
      const prev = s.participants[userId] ?? { userId, name: p.name ?? "Unknown", state: "connecting", stream: null };
      return { participants: { ...s.participants, [userId]: { ...prev, ...p } } };
    }),
  removeParticipant: (userId) =>
    set((s) => {
      const next = { ...s.participants };
      delete next[userId];
      return { participants: next };
    }),
  setMicOff: (list) =>
    set((s) => {
      const next: Record<number, true> = {};
      for (const p of list) if (p.in_call !== false && p.muted) next[p.user_id] = true;
      const same = Object.keys(next).length === Object.keys(s.micOff).length && Object.keys(next).every((id) => s.micOff[Number(id)]);
      return same ? s : { micOff: next };
    }),
  reset: () => set({ ...IDLE }),
}));

/** Participants still in the call (not rejected, not gone), in a stable order. */
export function activeParticipants(participants: Record<number, CallParticipant>): CallParticipant[] {
  return Object.values(participants)
    .filter((p) => p.state !== "left" && p.state !== "rejected")
    .sort((a, b) => a.userId - b.userId);
}

interface CallPickerState {
  /** The user picker of Quick Actions ("Start Call" / "Video Meeting"). */
  callPicker: { open: boolean; kind: CallType };
  openCallPicker: (kind: CallType) => void;
  closeCallPicker: () => void;
}

export const useCallPickerStore = create<CallPickerState>()((set) => ({
  callPicker: { open: false, kind: "video" },
  openCallPicker: (kind) => set({ callPicker: { open: true, kind } }),
  closeCallPicker: () => set((s) => ({ callPicker: { ...s.callPicker, open: false } })),
}));
