// The one list of entity tables on the server (docs/architecture.md, "Adding a table"): each
// feature folder describes its tables (policy, write hooks, how readers see a row), and this list
// names them. The engine (server/entities/pipeline.ts) imports it; the change log, the presenter
// and delivery look tables up through server/entities/tables.ts, where this list registers itself
// (they are used by the hooks, so importing the list from them would be an import cycle).
import { maskStorageConfig } from "@shared/entities/org_storage_config";
import type { TableList } from "../entities/policy";
import { registerTables } from "../entities/tables";
import { usersTable } from "./users/table";
import {
  channelReadsTable,
  channelsTable,
  messageEditsTable,
  messageReactionsTable,
  messagesTable,
  threadFollowsTable,
} from "./chat/tables";
import { tasksTable } from "./tasks/table";
import { calendarEventsTable } from "./calendar/table";
import { notesTable } from "./notes/table";
import { approvalRequestsTable } from "./approvals/table";
import { resourcesTable } from "./resources/table";
import { channelNotificationSettingsTable, notificationsTable } from "./notifications/tables";
import { sharedFilesPolicy } from "./files/policy";
import { orgStorageConfigPolicy } from "./files/storage-config.policy";
import { orgStorageConfigHooks } from "./files/storage-config.hooks";

// TableList is a mapped type over every table of shared/entities' ENTITIES: a table missing here
// does not compile, so no test checks it.
export const TABLES: TableList = {
  users: usersTable,
  channels: channelsTable,
  messages: messagesTable,
  message_reactions: messageReactionsTable,
  message_edits: messageEditsTable,
  tasks: tasksTable,
  calendar_events: calendarEventsTable,
  notes: notesTable,
  approval_requests: approvalRequestsTable,
  resources: resourcesTable,
  channel_reads: channelReadsTable,
  thread_follows: threadFollowsTable,
  notifications: notificationsTable,
  channel_notification_settings: channelNotificationSettingsTable,
  // The files feature has no descriptor module of its own yet, so its two tables are put together here.
  shared_files: { policy: sharedFilesPolicy },
  org_storage_config: {
    policy: orgStorageConfigPolicy,
    hooks: orgStorageConfigHooks,
    // Storage secrets never reach a browser, not even an admin's: the form sends the mask back to keep them.
    view: (out) => {
      out.storage_config = maskStorageConfig(out.storage_config);
    },
  },
};

registerTables(TABLES);
