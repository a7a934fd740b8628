// approval_requests: every create, edit, withdrawal and decision leaves an audit entry, written
// in the same transaction as the change.
import type { TableHooks } from "../../entities/policy";
import { recordAudit } from "./audit";

export const approvalRequestsHooks: TableHooks = {
  afterWrite: (trx, user, op, before, after) => recordAudit(trx, user, op, before, after),
};
