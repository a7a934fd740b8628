// The registry of entity tables: the Entity API, the presenter, the socket fan-out and the
// client all read a table's definition from here.
import type { z } from "zod";
import { users } from "./users";
import { channels } from "./channels";
import { messages } from "./messages";
import { messageReactions } from "./message_reactions";
import { messageEdits } from "./message_edits";
import { tasks } from "./tasks";
import { calendarEvents } from "./calendar_events";
import { notes } from "./notes";
import { approvalRequests } from "./approval_requests";
import { sharedFiles } from "./shared_files";
import { resources } from "./resources";
import { orgStorageConfig } from "./org_storage_config";
import { channelReads } from "./channel_reads";
import { threadFollows } from "./thread_follows";
import { notifications } from "./notifications";
import { channelNotificationSettings } from "./channel_notification_settings";
import { incomingWebhooks } from "./incoming_webhooks";
import { messageLinkPreviews } from "./message_link_previews";
import { groups } from "./groups";
import { groupMembers } from "./group_members";
import { sidebarSections } from "./sidebar_sections";

export const ENTITIES = {
  users,
  messages,
  message_reactions: messageReactions,
  message_edits: messageEdits,
  notes,
  tasks,
  resources,
  channels,
  shared_files: sharedFiles,
  calendar_events: calendarEvents,
  approval_requests: approvalRequests,
  org_storage_config: orgStorageConfig,
  channel_reads: channelReads,
  thread_follows: threadFollows,
  notifications,
  channel_notification_settings: channelNotificationSettings,
  incoming_webhooks: incomingWebhooks,
  message_link_previews: messageLinkPreviews,
  groups,
  group_members: groupMembers,
  sidebar_sections: sidebarSections,
} as const;

export type Entities = typeof ENTITIES;
export type EntityTable = keyof Entities;
export type EntityRow<T extends EntityTable> = z.infer<Entities[T]["row"]>;

export const ENTITY_TABLES = Object.keys(ENTITIES) as EntityTable[];
export const isEntityTable = (t: string): t is EntityTable => Object.hasOwn(ENTITIES, t);

export type { EntityDefinition, ColumnKind } from "./define";
export { defineEntity } from "./define";
export { READ_ONLY_FIELDS, validateCreate, validateUpdate, type ValidationResult } from "./validate";
export type { PublicUser, UserStatus } from "./users";
export { USER_MESSAGES, USER_STATUSES, ROLES, TEAM_ROLES, userActiveInput, userCreateInput, userUpdateInput } from "./users";
export type { Channel, ChannelsOpenDmInput } from "./channels";
export { channelsOpenDmInput } from "./channels";
export type { ChatMessage, MessagesResolveInput } from "./messages";
export { messagesResolveInput } from "./messages";
export type { MessageReaction } from "./message_reactions";
export type { MessageEdit } from "./message_edits";
export type { MessageLinkPreview } from "./message_link_previews";
export type { Task, TaskStatus, Priority } from "./tasks";
export type { CalendarEvent } from "./calendar_events";
export type { Note } from "./notes";
export type { ApprovalRequest } from "./approval_requests";
export type { SharedFile } from "./shared_files";
export type { Resource } from "./resources";
export type { OrgStorageConfig } from "./org_storage_config";
export type { ChannelRead, ChannelReadsUpdateInput, ChannelUnread, ChannelReceipt, ChannelReceipts } from "./channel_reads";
export { channelReadsUpdateInput, channelReceipt, channelReceiptsQuery } from "./channel_reads";
export type { ThreadFollow, ThreadFollowsUpdateInput, FollowedThread } from "./thread_follows";
export { threadFollowsUpdateInput } from "./thread_follows";
export { inChannelList } from "../channelList";
export type { AppNotification, NotificationKind, PushPayload, PushSubscriptionInput } from "./notifications";
export { NOTIFICATION_KINDS, pushPayload, pushSubscriptionInput, pushUnsubscribeInput } from "./notifications";
export type { ChannelNotificationSetting, ChannelNotificationSettingsUpdateInput, ChannelNotifyLevel } from "./channel_notification_settings";
export { CHANNEL_NOTIFY_LEVELS, channelNotificationSettingsUpdateInput } from "./channel_notification_settings";
export type { IncomingWebhook, WebhookPayload } from "./incoming_webhooks";
export { webhookPayload, WEBHOOK_NAME_MAX } from "./incoming_webhooks";
export type { MessageAttachment, AttachmentField } from "./attachments";
export type { SidebarSection, SidebarKind, SidebarSort, SidebarMoveInput, SidebarOrderInput } from "./sidebar_sections";
export { SIDEBAR_DEFAULTS, SIDEBAR_KINDS, SIDEBAR_SORTS, SIDEBAR_NAME_MAX, SIDEBAR_SECTIONS_MAX, SIDEBAR_CHANNELS_MAX, sidebarMoveInput, sidebarOrderInput, sidebarSetupInput } from "./sidebar_sections";
export type { Group } from "./groups";
export { GROUP_SOURCES, groupHandle } from "./groups";
export type { GroupMember } from "./group_members";
