import type { UserStatus } from "@shared/realtime";
import { updateUser } from "../users/api";
import { emitWithAck } from "../../realtime/socket";
import { useSessionStore } from "../auth/store";

/**
 * In this order: save on the user record, then announce presence, then local state follows.
 * Failures are swallowed on purpose: the menu always reports success locally.
 */
export async function setMyStatus(status: UserStatus): Promise<void> {
  const session = useSessionStore.getState();
  const user = session.user;
  if (!user) return;
  session.setUser({ ...user, user_status: status });
  try {
    const saved = await updateUser(user.id, { user_status: status });
    if (saved && typeof saved === "object" && "id" in saved) useSessionStore.getState().setUser(saved);
  } catch (err) {
    console.warn("Failed to save status", err);
  }
  try {
    await emitWithAck("presence.update", { status });
  } catch (err) {
    console.warn("Failed to update presence", err);
  }
  const current = useSessionStore.getState().user;
  if (current && current.user_status !== status) useSessionStore.getState().setUser({ ...current, user_status: status });
}
