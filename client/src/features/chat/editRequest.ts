// Up arrow in an empty composer edits one's last message there (docs/messages.md, "Writing"). The composer
// names the message; the row showing it (MessageRow, in the channel's list or the thread pane)
// opens its inline editor and takes the request.
import { create } from "zustand";
import type { ChatMessage } from "@shared/entities";

export type EditScope = "channel" | "thread";

interface EditRequestState {
  /** `back` is the composer that asked, focused again when the editor closes. */
  request: { id: number; scope: EditScope; back: HTMLElement | null } | null;
  ask: (id: number, scope: EditScope, back?: HTMLElement | null) => void;
  done: () => void;
}

export const useEditRequestStore = create<EditRequestState>((set) => ({
  request: null,
  ask: (id, scope, back = null) => set({ request: { id, scope, back } }),
  done: () => set({ request: null }),
}));

/** The newest message of `items` (oldest first) that `email` sent and may still edit, or null. */
export function lastOwnMessage(items: readonly ChatMessage[], email: string | null | undefined): ChatMessage | null {
  if (!email) return null;
  const me = email.toLowerCase();
  for (let i = items.length - 1; i >= 0; i--) {
    const m = items[i];
    if (!m.deleted_at && m.sender_email.toLowerCase() === me) return m;
  }
  return null;
}
