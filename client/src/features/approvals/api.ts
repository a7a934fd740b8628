import { useMutation, useQuery } from "@tanstack/react-query";
import type { ApprovalRequest } from "@shared/entities";
import type { ApprovalAuditEntry } from "@shared/entities/approval_requests";
import { refetchAfterChange } from "../../app/queryClient";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";
import { request } from "../../lib/http";

// Keys start with the table name, so an `entities.change` for approval_requests refetches the
// list and any open audit trail at once.
export const approvalKeys = {
  all: ["approval_requests"] as const,
  list: ["approval_requests", "list"] as const,
  audit: (id: number) => ["approval_requests", "audit", id] as const,
};

/** Requests the caller may see (their own; all of them for managers and admins), newest first. */
export function useApprovals(enabled = true) {
  return useQuery({
    queryKey: approvalKeys.list,
    queryFn: ({ signal }) => listEntities<ApprovalRequest>("approval_requests", { sort: "-created_date", limit: 500 }, signal),
    enabled,
  });
}

export function useApprovalAudit(id: number | null) {
  return useQuery({
    queryKey: approvalKeys.audit(id ?? 0),
    queryFn: ({ signal }) => request<ApprovalAuditEntry[]>(`/approvals/${id}/audit`, { signal }),
    enabled: id != null,
  });
}

export type ApprovalInput = Partial<Pick<ApprovalRequest, "title" | "description" | "category" | "amount" | "start_date" | "end_date">>;

const refresh = () => void refetchAfterChange({ queryKey: approvalKeys.all });

export function useSaveApproval() {
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ApprovalInput }) =>
      id ? updateEntity<ApprovalRequest>("approval_requests", id, input) : createEntity<ApprovalRequest>("approval_requests", input),
    onSuccess: refresh,
  });
}

export function useDecideApproval() {
  return useMutation({
    mutationFn: ({ id, status, comments }: { id: number; status: "approved" | "rejected"; comments: string }) =>
      updateEntity<ApprovalRequest>("approval_requests", id, { status, approver_comments: comments }),
    onSuccess: refresh,
  });
}

export function useWithdrawApproval() {
  return useMutation({ mutationFn: (id: number) => deleteEntity("approval_requests", id), onSuccess: refresh });
}
