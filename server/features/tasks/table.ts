// The tasks table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { tasksPolicy } from "./policy";
import { tasksHooks } from "./hooks";

export const tasksTable: TableFeature<"tasks"> = { policy: tasksPolicy, hooks: tasksHooks };
