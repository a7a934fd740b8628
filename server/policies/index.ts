// One policy per table, looked up by the Entity API and the socket layer.
import type { EntityTable } from "@shared/realtime";
import type { TablePolicy } from "./types";
import { usersPolicy } from "./users";
import { channelsPolicy } from "./channels";
import { messagesPolicy } from "./messages";
import { tasksPolicy } from "./tasks";
import { calendarEventsPolicy } from "./calendar_events";
import { notesPolicy } from "./notes";
import { approvalRequestsPolicy } from "./approval_requests";
import { sharedFilesPolicy } from "./shared_files";
import { resourcesPolicy } from "./resources";
import { orgStorageConfigPolicy } from "./org_storage_config";

export type { TablePolicy, Verdict, ReadFilter, Related } from "./types";
export { canReadChannel, readableChannelIds, canDeleteChannel } from "./channels";

export const POLICIES: { [T in EntityTable]: TablePolicy<T> } = {
  users: usersPolicy,
  channels: channelsPolicy,
  messages: messagesPolicy,
  tasks: tasksPolicy,
  calendar_events: calendarEventsPolicy,
  notes: notesPolicy,
  approval_requests: approvalRequestsPolicy,
  shared_files: sharedFilesPolicy,
  resources: resourcesPolicy,
  org_storage_config: orgStorageConfigPolicy,
};
