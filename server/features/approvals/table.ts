// The approval_requests table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { approvalRequestsPolicy } from "./policy";
import { approvalRequestsHooks } from "./hooks";

export const approvalRequestsTable: TableFeature<"approval_requests"> = { policy: approvalRequestsPolicy, hooks: approvalRequestsHooks };
