// The notes table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { notesPolicy } from "./policy";

export const notesTable: TableFeature<"notes"> = { policy: notesPolicy };
