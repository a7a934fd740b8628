// approval_requests: the requester sees their own, managers and admins see all. Only managers
// and admins decide, never on their own request; the requester may edit or withdraw while pending.
import type { User } from "../../db/schema";
import { isAdmin, isPrivileged } from "../../auth/roles";
import { emailOf, otherKeys, sameEmail } from "../../entities/policy-helpers";
import type { RowOf, TablePolicy } from "../../entities/policy";
import { emailRooms, readsByAudience } from "../../entities/audience";
import { rooms } from "@shared/realtime";

const DECISION_FIELDS = ["status", "approver_comments"];

const audience = (row: Pick<RowOf<"approval_requests">, "created_by">) => [rooms.staff, ...emailRooms([row.created_by])];

const isRequester = (user: User, row: Pick<RowOf<"approval_requests">, "created_by">) => sameEmail(row.created_by, user.email);
const isDecision = (changes: Record<string, unknown>) => DECISION_FIELDS.some((k) => k in changes);

export const approvalRequestsPolicy: TablePolicy<"approval_requests"> = {
  readFilter: (user) => (isPrivileged(user) ? null : (eb) => eb("approval_requests.created_by", "=", emailOf(user))),
  audience,
  canRead: readsByAudience(audience),
  canCreate: () => true,
  canUpdate(user, row, changes) {
    const requester = isRequester(user, row);
    if (isDecision(changes) && (requester || !isPrivileged(user))) return false;
    // A decision is made once, on a pending request.
    if ("status" in changes && row.status !== "pending") return "Only pending requests can be approved or rejected";
    if (otherKeys(changes, DECISION_FIELDS).length > 0 && !(requester && row.status === "pending")) return false;
    return true;
  },
  // Withdrawing is the requester's while pending; an admin may clear out any request.
  canDelete: (user, row) => (isRequester(user, row) && row.status === "pending") || isAdmin(user),
  serverFields: {
    create: (user) => ({
      created_by: emailOf(user),
      requested_by_name: user.full_name,
      status: "pending",
      approver_email: null,
      approver_comments: null,
      decision_date: null,
    }),
    update(user, _row, changes) {
      if (!isDecision(changes)) return {};
      if (changes.status === "pending") return { approver_email: null, decision_date: null };
      return { approver_email: emailOf(user), decision_date: new Date() };
    },
  },
};
