import { create } from "zustand";
import { LIMITS } from "@shared/constants";
import type { ReactNode } from "react";

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "success" | "destructive";
  duration?: number;
  open: boolean;
}

interface NotificationState {
  toasts: ToastItem[];
  push: (toast: Omit<ToastItem, "id" | "open">) => string;
  dismiss: (id: string) => void;
  remove: (id: string) => void;
}

let counter = 0;

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  toasts: [],
  push: (toast) => {
    const id = `t${++counter}`;
    // Newest first, at most the documented 20 kept.
    set((s) => ({ toasts: [{ ...toast, id, open: true }, ...s.toasts].slice(0, LIMITS.toastLimit) }));
    return id;
  },
  dismiss: (id) => {
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    // Kept briefly after dismissal so the exit animation can play.
    setTimeout(() => get().remove(id), LIMITS.toastRemoveDelayMs);
  },
  remove: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function toast(input: Omit<ToastItem, "id" | "open">): string {
  return useNotificationStore.getState().push(input);
}
