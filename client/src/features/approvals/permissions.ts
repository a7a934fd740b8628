import type { ApprovalRequest } from "@shared/entities";
import type { RoleHolder } from "../users/roles";

/** Managers and admins: they see every request and decide. */
export const isPrivileged = (u: RoleHolder) => !!u && (u.role === "admin" || u.team_role === "admin" || u.team_role === "manager");

const isOwn = (u: { email: string } | null | undefined, r: Pick<ApprovalRequest, "created_by">) => !!u && u.email.toLowerCase() === r.created_by.toLowerCase();

/** Approve/Reject: managers and admins, only on pending, never on their own request. */
export const canDecide = (u: (RoleHolder & { email: string }) | null | undefined, r: Pick<ApprovalRequest, "status" | "created_by">) =>
  isPrivileged(u) && r.status === "pending" && !isOwn(u, r);

/** Edit and withdraw: the requester, while pending. */
export const canChange = (u: { email: string } | null | undefined, r: Pick<ApprovalRequest, "status" | "created_by">) => r.status === "pending" && isOwn(u, r);
