// Every entity table's policy by name, without its write hooks: what the change feed needs (the
// audience of a row) may be imported by the hooks themselves without an import cycle.
import type { Expression } from "kysely";
import type { EntityTable } from "@shared/entities";
import type { TablePolicy } from "../entities/policy";
import { usersPolicy } from "./users/policy";
import { channelsPolicy } from "./chat/channels.policy";
import { messagesPolicy } from "./chat/messages.policy";
import { messageReactionsPolicy } from "./chat/reactions.policy";
import { messageEditsPolicy } from "./chat/edits.policy";
import { tasksPolicy } from "./tasks/policy";
import { calendarEventsPolicy } from "./calendar/policy";
import { notesPolicy } from "./notes/policy";
import { approvalRequestsPolicy } from "./approvals/policy";
import { sharedFilesPolicy } from "./files/policy";
import { orgStorageConfigPolicy } from "./files/storage-config.policy";
import { resourcesPolicy } from "./resources/policy";
import { channelReadsPolicy } from "./chat/reads.policy";
import { threadFollowsPolicy } from "./chat/threads.policy";
import { notificationsPolicy } from "./notifications/policy";
import { channelNotificationSettingsPolicy } from "./notifications/channel-settings.policy";

export const POLICIES: { [T in EntityTable]: TablePolicy<T> } = {
  users: usersPolicy,
  channels: channelsPolicy,
  messages: messagesPolicy,
  message_reactions: messageReactionsPolicy,
  message_edits: messageEditsPolicy,
  tasks: tasksPolicy,
  calendar_events: calendarEventsPolicy,
  notes: notesPolicy,
  approval_requests: approvalRequestsPolicy,
  shared_files: sharedFilesPolicy,
  resources: resourcesPolicy,
  org_storage_config: orgStorageConfigPolicy,
  channel_reads: channelReadsPolicy,
  thread_follows: threadFollowsPolicy,
  notifications: notificationsPolicy,
  channel_notification_settings: channelNotificationSettingsPolicy,
};

/** The rooms that may see this row (before or after a change). */
export const audienceOf = (table: EntityTable, row: Record<string, unknown>): string[] =>
  (POLICIES[table] as unknown as TablePolicy<any>).audience(row);

/**
 * The same rooms in SQL, for the rows of CTE `rows` of a statement that stores rows and their
 * change records at once (ChangeLog.records, server/feed/changelog.ts); only tables written that
 * way state it (server/feed/write-path.test.ts proves it agrees with `audience`).
 */
export function audienceSqlOf(table: EntityTable, rows: string): Expression<string[]> {
  const policy = POLICIES[table] as unknown as TablePolicy<any>;
  if (!policy.audienceSql) throw new Error(`${table}: no audience in SQL for a statement's change records`);
  return policy.audienceSql(rows);
}
