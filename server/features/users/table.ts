// The users table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { usersPolicy } from "./policy";
import { usersHooks } from "./hooks";
import { userVersions, userView } from "./view";

export const usersTable: TableFeature<"users"> = { policy: usersPolicy, hooks: usersHooks, view: userView, versions: userVersions };
