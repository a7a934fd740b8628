import type { ApprovalRequest } from "@shared/entities";
import { onTableChange } from "../../realtime/feed";
import { useSessionStore } from "../auth/store";
import { toast } from "../../ui/notifications";

// A decision is made once (the server refuses a second), so one notice per request and outcome.
const told = new Set<string>();

/** The requester hears about a decision on their request the moment it is made (or, if away, on catching up). */
export function registerApprovalsSocket(): () => void {
  return onTableChange("approval_requests", (change) => {
      if (change.op !== "update") return;
      const row: ApprovalRequest = change.row;
      const me = useSessionStore.getState().user;
      if (!me || row.created_by.toLowerCase() !== me.email.toLowerCase() || row.status === "pending") return;
      const key = `${row.id}:${row.status}`;
      if (told.has(key)) return;
      told.add(key);
      const approved = row.status === "approved";
      toast({
        title: `Request ${approved ? "approved" : "rejected"}`,
        description: `"${row.title}"${row.approver_comments ? `: ${row.approver_comments}` : ""}`,
        variant: approved ? "success" : "destructive",
      });
  });
}
