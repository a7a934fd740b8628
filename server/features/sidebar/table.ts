// The sidebar's entity table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { sidebarSectionsPolicy } from "./policy";

export const sidebarSectionsTable: TableFeature<"sidebar_sections"> = { policy: sidebarSectionsPolicy };
