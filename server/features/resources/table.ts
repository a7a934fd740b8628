// The resources table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { resourcesPolicy } from "./policy";

export const resourcesTable: TableFeature<"resources"> = { policy: resourcesPolicy };
