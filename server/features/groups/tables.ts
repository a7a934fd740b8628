// The groups feature's entity tables as the engine sees them (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { groupMembersPolicy, groupsPolicy } from "./policy";
import { groupMembersHooks, groupsHooks } from "./hooks";

export const groupsTable: TableFeature<"groups"> = { policy: groupsPolicy, hooks: groupsHooks };
export const groupMembersTable: TableFeature<"group_members"> = { policy: groupMembersPolicy, hooks: groupMembersHooks };
