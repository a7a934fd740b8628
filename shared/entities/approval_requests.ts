import { z } from "zod";
import { dateOnly, number, requiredText, text } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;

export const approvalRequests = defineEntity({
  table: "approval_requests",
  input: {
    title: requiredText("title", 500),
    description: requiredText("description", 20_000),
    category: requiredText("category", 100),
    amount: number.refine((n) => n >= 0, "must not be negative"),
    start_date: dateOnly,
    end_date: dateOnly,
    status: z.enum(APPROVAL_STATUSES, { error: "must be pending, approved or rejected" }),
    approver_comments: text(5000),
  },
  required: ["title", "description"],
  nullable: ["amount", "start_date", "end_date", "approver_comments"],
  serverSet: ["created_by", "requested_by_name", "approver_email", "decision_date"],
  row: z.object({
    ...rowBase,
    title: z.string(),
    description: z.string(),
    category: z.string(),
    amount: z.number().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    status: z.enum(APPROVAL_STATUSES),
    requested_by_name: z.string().nullable(),
    created_by: z.string(),
    approver_email: z.string().nullable(),
    approver_comments: z.string().nullable(),
    decision_date: z.string().nullable(),
  }),
  instants: ["decision_date"],
  internal: noInternal,
  filters: {
    id: "int",
    title: "text",
    description: "text",
    category: "text",
    amount: "float",
    start_date: "text",
    end_date: "text",
    status: "text",
    requested_by_name: "text",
    created_by: "email",
    approver_email: "email",
    approver_comments: "text",
    decision_date: "timestamp",
  },
});

export type ApprovalRequest = z.infer<typeof approvalRequests.row>;

export const APPROVAL_CATEGORIES = ["Time Off", "Budget", "Purchase", "Travel", "Other"] as const;
export const TIME_OFF = "Time Off";

/** One step of a request's history (GET /approvals/{id}/audit): who did what, and when. */
export const APPROVAL_AUDIT_ACTIONS = ["created", "edited", "withdrawn", "deleted", "approved", "rejected", "reopened"] as const;
export type ApprovalAuditAction = (typeof APPROVAL_AUDIT_ACTIONS)[number];
export const approvalAuditEntry = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  actor_email: z.string(),
  actor_name: z.string().nullable(),
  action: z.enum(APPROVAL_AUDIT_ACTIONS),
  fields: z.array(z.string()),
  comment: z.string().nullable(),
  created_date: z.string(),
});
export type ApprovalAuditEntry = z.infer<typeof approvalAuditEntry>;
