import { create } from "zustand";
import type { PresenceState, UserStatus } from "@shared/realtime";

interface PresenceStoreState {
  /** Other users' presence, as pushed by the server for subscribed ids. */
  byUserId: Record<number, PresenceState>;
  /** Whether the realtime connection is up; the UI shows a reconnecting hint otherwise. */
  connected: boolean;
  /** False until the first connect, so no "reconnecting" flash on start-up. */
  everConnected: boolean;
  applyPresence: (p: PresenceState) => void;
  applyMany: (list: PresenceState[]) => void;
  setConnected: (connected: boolean) => void;
  reset: () => void;
}

export const usePresenceStore = create<PresenceStoreState>()((set) => ({
  byUserId: {},
  connected: false,
  everConnected: false,
  applyPresence: (p) => set((s) => ({ byUserId: { ...s.byUserId, [p.user_id]: p } })),
  applyMany: (list) =>
    set((s) => {
      const next = { ...s.byUserId };
      for (const p of list) next[p.user_id] = p;
      return { byUserId: next };
    }),
  setConnected: (connected) => set((s) => ({ connected, everConnected: s.everConnected || connected })),
  reset: () => set({ byUserId: {}, connected: false, everConnected: false }),
}));

// Local copy of the shared list: importing it at run time would pull zod into the first bundle.
export const USER_STATUS_ORDER: readonly UserStatus[] = ["online", "away", "busy"];

export const STATUS_LABELS: Record<UserStatus, string> = {
  online: "Online",
  away: "Away",
  busy: "Busy",
};
