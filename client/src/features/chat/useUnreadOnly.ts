// The sidebar's "unread only" filter (docs/channels.md, "Sidebar"): kept per person in this
// browser, like the last channel opened, since it is how one looks at the list here and now.
import { useState } from "react";
import { useSessionStore } from "../auth/store";

const key = (userId: number | undefined) => `sidebar.unreadOnly.${userId ?? "anon"}`;

function read(userId: number | undefined): boolean {
  try {
    return localStorage.getItem(key(userId)) === "1";
  } catch {
    return false;
  }
}

export function useUnreadOnly(): [boolean, (on: boolean) => void] {
  const userId = useSessionStore((s) => s.user?.id);
  const [state, setState] = useState(() => ({ userId, on: read(userId) }));
  // Another person signing in on this browser gets their own choice.
  const on = state.userId === userId ? state.on : read(userId);
  const set = (next: boolean) => {
    try {
      localStorage.setItem(key(userId), next ? "1" : "0");
    } catch {
      /* storage refused: the choice lasts this page */
    }
    setState({ userId, on: next });
  };
  return [on, set];
}
