// The approvals audit trail: one row per create, edit, withdrawal and decision, with who, what
// and when. The table is this feature's own; its Kysely type lives in ./repository with the SQL.
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { emailOf } from "../../entities/policy-helpers";
import { isAdmin } from "../../auth/roles";
import { findAuditEntries, insertAuditEntry, type ApprovalAuditRow } from "./repository";
import { APPROVAL_AUDIT_ACTIONS, type ApprovalAuditAction, type ApprovalAuditEntry } from "@shared/entities/approval_requests";

/** Fields a requester's edit may change, in the form order; the rest are the server's. */
const EDITABLE = ["title", "description", "category", "amount", "start_date", "end_date"];

type Row = Record<string, unknown>;

function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
}

/** What happened, read from the row before and after the write. */
export function auditAction(user: User, op: "create" | "update" | "delete", before: Row | null, after: Row | null): { action: ApprovalAuditAction; fields: string[]; comment: string | null } {
  if (op === "create") return { action: "created", fields: [], comment: null };
  if (op === "delete") {
    const own = String(before?.created_by ?? "").toLowerCase() === emailOf(user);
    return { action: own || !isAdmin(user) ? "withdrawn" : "deleted", fields: [], comment: null };
  }
  if (before && after && differs(before.status, after.status)) {
    const status = String(after.status);
    const action: ApprovalAuditAction = status === "approved" ? "approved" : status === "rejected" ? "rejected" : "reopened";
    return { action, fields: [], comment: (after.approver_comments as string | null) || null };
  }
  if (before && after && differs(before.approver_comments, after.approver_comments)) {
    return { action: "edited", fields: ["approver_comments"], comment: (after.approver_comments as string | null) || null };
  }
  return { action: "edited", fields: EDITABLE.filter((f) => differs(before?.[f], after?.[f])), comment: null };
}

export async function recordAudit(trx: DbLike, user: User, op: "create" | "update" | "delete", before: Row | null, after: Row | null): Promise<void> {
  const row = (after ?? before)!;
  const { action, fields, comment } = auditAction(user, op, before, after);
  await insertAuditEntry(trx, {
    request_id: Number(row.id),
    requester_email: String(row.created_by).toLowerCase(),
    actor_email: emailOf(user),
    actor_name: user.full_name,
    action,
    fields,
    comment,
  });
}

export async function listAudit(db: DbLike, requestId: number): Promise<ApprovalAuditRow[]> {
  return findAuditEntries(db, requestId);
}

export function presentAudit(e: ApprovalAuditRow): ApprovalAuditEntry {
  return {
    id: e.id,
    request_id: e.request_id,
    actor_email: e.actor_email,
    actor_name: e.actor_name,
    action: APPROVAL_AUDIT_ACTIONS.includes(e.action) ? e.action : "edited",
    fields: e.fields,
    comment: e.comment,
    created_date: new Date(e.created_at).toISOString(),
  };
}
