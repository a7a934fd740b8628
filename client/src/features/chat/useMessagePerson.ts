import { useNavigate } from "react-router-dom";
import { toast } from "../../ui/notifications";
import { useOpenDm } from "./api";

/** "Message" on a person: opens (or makes) the dm with them and goes there. */
export function useMessagePerson(): { message: (userId: number) => void; pendingUserId: number | null } {
  const open = useOpenDm();
  const navigate = useNavigate();
  const message = (userId: number) => {
    // One opening at a time from here; two at once (other tabs, other people) are the server's to settle.
    if (open.isPending) return;
    open.mutate(
      { user_id: userId },
      {
        onSuccess: (channel) => navigate(`/Chat?channel=${channel.id}`),
        onError: (err) => toast({ title: "Could not open the conversation", description: err.message, variant: "destructive" }),
      },
    );
  };
  return { message, pendingUserId: open.isPending ? (open.variables?.user_id ?? null) : null };
}
