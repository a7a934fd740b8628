// The one list of entity tables on the server (docs/architecture.md, "Adding a table"): each
// feature folder describes its tables (policy, write hooks, how readers see a row), and this list
// names them. The engine (server/entities/pipeline.ts) imports it; the change log, the presenter
// and delivery look tables up through server/entities/tables.ts, where this list registers itself
// (they are used by the hooks, so importing the list from them would be an import cycle).
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
import { orgStorageConfigTable, sharedFilesTable } from "./files/tables";
import { incomingWebhooksTable } from "./integrations/table";
import { messageLinkPreviewsTable } from "./link-previews/table";
import { groupMembersTable, groupsTable } from "./groups/tables";
import { sidebarSectionsTable } from "./sidebar/table";

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
  shared_files: sharedFilesTable,
  org_storage_config: orgStorageConfigTable,
  incoming_webhooks: incomingWebhooksTable,
  message_link_previews: messageLinkPreviewsTable,
  groups: groupsTable,
  group_members: groupMembersTable,
  sidebar_sections: sidebarSectionsTable,
};

registerTables(TABLES);
