// Every entity table's policy and special write hooks, looked up by the Entity API engine and
// by the socket fan-out.
import type { EntityTable } from "@shared/entities";
import type { TableFeature } from "../entities/policy";
import { usersPolicy } from "./users/policy";
import { usersHooks } from "./users/hooks";
import { channelsPolicy } from "./chat/channels.policy";
import { messagesPolicy } from "./chat/messages.policy";
import { messageReactionsPolicy } from "./chat/reactions.policy";
import { messageEditsPolicy } from "./chat/edits.policy";
import { channelsHooks, messageReactionsHooks, messagesHooks } from "./chat/hooks";
import { tasksPolicy } from "./tasks/policy";
import { tasksHooks } from "./tasks/hooks";
import { calendarEventsPolicy } from "./calendar/policy";
import { calendarEventsHooks } from "./calendar/hooks";
import { notesPolicy } from "./notes/policy";
import { approvalRequestsPolicy } from "./approvals/policy";
import { approvalRequestsHooks } from "./approvals/hooks";
import { sharedFilesPolicy } from "./files/policy";
import { orgStorageConfigPolicy } from "./files/storage-config.policy";
import { orgStorageConfigHooks } from "./files/storage-config.hooks";
import { resourcesPolicy } from "./resources/policy";
import { channelReadsPolicy } from "./chat/reads.policy";
import { threadFollowsPolicy } from "./chat/threads.policy";
import { channelReadsHooks } from "./chat/reads";
import { threadFollowsHooks } from "./chat/threads";
import { notificationsPolicy } from "./notifications/policy";
import { channelNotificationSettingsPolicy } from "./notifications/channel-settings.policy";
import { channelNotificationSettingsHooks } from "./notifications/channel-settings";

export const TABLES: { [T in EntityTable]: TableFeature<T> } = {
  users: { policy: usersPolicy, hooks: usersHooks },
  channels: { policy: channelsPolicy, hooks: channelsHooks },
  messages: { policy: messagesPolicy, hooks: messagesHooks },
  message_reactions: { policy: messageReactionsPolicy, hooks: messageReactionsHooks },
  message_edits: { policy: messageEditsPolicy },
  tasks: { policy: tasksPolicy, hooks: tasksHooks },
  calendar_events: { policy: calendarEventsPolicy, hooks: calendarEventsHooks },
  notes: { policy: notesPolicy },
  approval_requests: { policy: approvalRequestsPolicy, hooks: approvalRequestsHooks },
  shared_files: { policy: sharedFilesPolicy },
  resources: { policy: resourcesPolicy },
  org_storage_config: { policy: orgStorageConfigPolicy, hooks: orgStorageConfigHooks },
  channel_reads: { policy: channelReadsPolicy, hooks: channelReadsHooks },
  thread_follows: { policy: threadFollowsPolicy, hooks: threadFollowsHooks },
  notifications: { policy: notificationsPolicy },
  channel_notification_settings: { policy: channelNotificationSettingsPolicy, hooks: channelNotificationSettingsHooks },
};

export { POLICIES } from "./policies";
