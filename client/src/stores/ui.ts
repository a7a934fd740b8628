import { create } from "zustand";
import type { CallType } from "@shared/realtime";

interface UiState {
  /** Read by the calls layer's user picker (Quick Actions "Start Call" / "Video Meeting", Directory). */
  callPicker: { open: boolean; kind: CallType };
  openCallPicker: (kind: CallType) => void;
  closeCallPicker: () => void;
  inviteOpen: boolean;
  setInviteOpen: (open: boolean) => void;
  mobileNavOpen: boolean;
  setMobileNavOpen: (open: boolean) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  callPicker: { open: false, kind: "video" },
  openCallPicker: (kind) => set({ callPicker: { open: true, kind } }),
  closeCallPicker: () => set((s) => ({ callPicker: { ...s.callPicker, open: false } })),
  inviteOpen: false,
  setInviteOpen: (open) => set({ inviteOpen: open }),
  mobileNavOpen: false,
  setMobileNavOpen: (open) => set({ mobileNavOpen: open }),
}));
