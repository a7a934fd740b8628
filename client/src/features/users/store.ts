import { create } from "zustand";

interface InviteState {
  /** Opened from Quick Actions ("Invite Users") and the Directory ("Invite User"). */
  inviteOpen: boolean;
  setInviteOpen: (open: boolean) => void;
}

export const useInviteStore = create<InviteState>()((set) => ({
  inviteOpen: false,
  setInviteOpen: (open) => set({ inviteOpen: open }),
}));
