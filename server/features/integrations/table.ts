// The integrations feature's entity table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { incomingWebhooksPolicy } from "./policy";
import { incomingWebhooksHooks } from "./hooks";

export const incomingWebhooksTable: TableFeature<"incoming_webhooks"> = { policy: incomingWebhooksPolicy, hooks: incomingWebhooksHooks };
