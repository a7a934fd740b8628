// The link previews feature's entity table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { messageLinkPreviewsPolicy } from "./policy";
import { messageLinkPreviewsHooks } from "./hooks";

export const messageLinkPreviewsTable: TableFeature<"message_link_previews"> = { policy: messageLinkPreviewsPolicy, hooks: messageLinkPreviewsHooks };
