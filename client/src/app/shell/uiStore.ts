import { create } from "zustand";

interface ShellUiState {
  /** The mobile navigation sheet; the desktop sidebar's state lives in a cookie (SidebarProvider). */
  mobileNavOpen: boolean;
  setMobileNavOpen: (open: boolean) => void;
}

export const useUiStore = create<ShellUiState>()((set) => ({
  mobileNavOpen: false,
  setMobileNavOpen: (open) => set({ mobileNavOpen: open }),
}));
