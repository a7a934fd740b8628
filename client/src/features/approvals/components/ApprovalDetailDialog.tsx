import { format } from "date-fns";
import { Check, Pencil, Undo2, X } from "lucide-react";
import type { ApprovalRequest } from "@shared/entities";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { parseDate } from "../../../lib/format";
import { approvalFacts } from "./details";
import { AuditTrail } from "./AuditTrail";
import { StatusBadge } from "../StatusBadge";

interface Props {
  request: ApprovalRequest | null;
  canDecide: boolean;
  canChange: boolean;
  onClose: () => void;
  onDecide: (status: "approved" | "rejected") => void;
  onEdit: () => void;
  onWithdraw: () => void;
}

/** A request in full with its decision and its history (who, what, when). */
export function ApprovalDetailDialog({ request: r, canDecide, canChange, onClose, onDecide, onEdit, onWithdraw }: Props) {
  const decided = parseDate(r?.decision_date);
  return (
    <Dialog open={!!r} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {r && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 break-words">{r.title}</DialogTitle>
              <DialogDescription>Requested by {r.requested_by_name ?? r.created_by}</DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap gap-1.5">
              <StatusBadge status={r.status} />
              <Badge variant="outline">{r.category}</Badge>
              {approvalFacts(r).map((f) => (
                <Badge key={f} variant="secondary">
                  {f}
                </Badge>
              ))}
            </div>
            <div className="max-h-[45vh] space-y-4 overflow-y-auto pr-1">
              <p className="text-sm whitespace-pre-line break-words">{r.description}</p>
              {r.status !== "pending" && (
                <div className="rounded-md border bg-muted/40 p-3 text-sm">
                  <p className="font-medium">
                    {r.status === "approved" ? "Approved" : "Rejected"} by {r.approver_email}
                    {decided ? ` on ${format(decided, "MMM d, yyyy")}` : ""}
                  </p>
                  {r.approver_comments && <p className="mt-1 text-muted-foreground break-words">{r.approver_comments}</p>}
                </div>
              )}
              <div>
                <h4 className="mb-2 text-sm font-medium">History</h4>
                <AuditTrail requestId={r.id} />
              </div>
            </div>
            {(canDecide || canChange) && (
              <DialogFooter className="gap-2">
                {canChange && (
                  <>
                    <Button variant="outline" onClick={onWithdraw}>
                      <Undo2 />
                      Withdraw
                    </Button>
                    <Button variant="outline" onClick={onEdit}>
                      <Pencil />
                      Edit
                    </Button>
                  </>
                )}
                {canDecide && (
                  <>
                    <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => onDecide("rejected")}>
                      <X />
                      Reject
                    </Button>
                    <Button onClick={() => onDecide("approved")}>
                      <Check />
                      Approve
                    </Button>
                  </>
                )}
              </DialogFooter>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
