// The tables whose definitions say `sync: "in-place"` (./define.ts): a browser feature applies their
// pushed rows to its store instead of refetching queries. Kept here as well, in a module without zod
// or the definitions, because client/src/app/entitySync.ts is in the first screen's JavaScript
// (docs/benchmarks.md, "Cold load"); ./sync.test.ts checks it says what the definitions say.
import type { EntityTable } from "./index";

export const IN_PLACE_TABLES: readonly EntityTable[] = ["channels", "messages", "message_reactions"];
