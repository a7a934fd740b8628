import { useEffect, useState } from "react";
import type { ApprovalRequest } from "@shared/entities";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { FormField } from "../../../ui/FormField";
import { Textarea } from "../../../ui/textarea";
import { useDecideApproval } from "../api";

interface Props {
  target: { request: ApprovalRequest; status: "approved" | "rejected" } | null;
  onClose: () => void;
}

/** The comments dialog every decision goes through. */
export function DecisionDialog({ target, onClose }: Props) {
  const [comments, setComments] = useState("");
  const decide = useDecideApproval();
  useEffect(() => {
    if (target) {
      setComments("");
      decide.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target?.request.id, target?.status]);
  const approving = target?.status === "approved";
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!target || decide.isPending) return;
    decide.mutate({ id: target.request.id, status: target.status, comments: comments.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog open={!!target} onOpenChange={(o) => !o && !decide.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{approving ? "Approve Request" : "Reject Request"}</DialogTitle>
          <DialogDescription className="break-words">{target?.request.title}</DialogDescription>
        </DialogHeader>
        <form id="decision-form" onSubmit={submit} className="grid gap-4">
          <FormField id="decision-comments" label="Comments">
            <Textarea id="decision-comments" value={comments} rows={4} maxLength={5000} onChange={(e) => setComments(e.target.value)} placeholder="Add a comment for the requester (optional)" autoFocus />
          </FormField>
          {decide.isError && (
            <p role="alert" className="text-sm text-destructive">
              {decide.error.message}
            </p>
          )}
        </form>
        <DialogActions onCancel={onClose} form="decision-form" confirmLabel={approving ? "Approve" : "Reject"} pending={decide.isPending} disabled={decide.isPending} />
      </DialogContent>
    </Dialog>
  );
}
