import { create } from "zustand";
import type { CallRecord } from "@shared/realtime";

/** The recording state of each call as the server last pushed it (calls.update), for the in-call badge. */
export const useRecordingStatusStore = create<{ byCall: Record<string, string>; note: (rec: CallRecord) => void }>()((set) => ({
  byCall: {},
  note: (rec) => set((s) => ({ byCall: { ...s.byCall, [rec.call_id]: rec.recording?.recording_status ?? "" } })),
}));
