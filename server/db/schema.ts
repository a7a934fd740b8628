import type { ColumnType, Generated, Selectable } from "kysely";

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = Generated<number>;
// Postgres returns bigint as text through `pg`; the pool setup parses it back to a number.
type Big = ColumnType<number, number, number>;

export interface UsersTable {
  id: Id;
  email: string;
  password_hash: string | null;
  full_name: Generated<string>;
  job_title: string | null;
  department: string | null;
  phone_number: string | null;
  status_message: string | null;
  profile_photo: string | null;
  role: Generated<"user" | "admin">;
  team_role: Generated<"member" | "manager" | "admin">;
  user_status: Generated<"online" | "away" | "busy">;
  show_online_status: Generated<boolean>;
  notification_preferences: Generated<"all" | "mentions" | "none">;
  last_seen_at: NullableStamp;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Stamp;
  expires_at: Stamp;
  revoked_at: NullableStamp;
}

export interface InvitationsTable {
  id: Id;
  token_hash: string;
  email: string;
  message: string | null;
  invited_by: number;
  created_at: Stamp;
  expires_at: Stamp;
  accepted_at: NullableStamp;
  accepted_user_id: number | null;
}

export interface ChannelsTable {
  id: Id;
  name: string;
  description: string | null;
  type: Generated<"public" | "private" | "dm">;
  is_system: Generated<boolean>;
  members: Generated<string[]>;
  last_activity: Stamp;
  created_by: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface MessagesTable {
  id: Id;
  channel_id: number;
  content: Generated<string>;
  sender_id: number | null;
  sender_name: Generated<string>;
  sender_email: Generated<string>;
  message_type: Generated<"text" | "file" | "image">;
  file_url: string | null;
  file_name: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface TasksTable {
  id: Id;
  title: string;
  description: string | null;
  status: Generated<"todo" | "in_progress" | "done">;
  priority: Generated<"low" | "medium" | "high">;
  due_date: string | null;
  assignee_email: string | null;
  assignee_emails: Generated<string[]>;
  outcome: string | null;
  source_message_id: number | null;
  source_channel_id: number | null;
  created_by: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface CalendarEventsTable {
  id: Id;
  title: string;
  description: string | null;
  start_datetime: string;
  end_datetime: string;
  event_type: Generated<"appointment" | "meeting" | "reminder">;
  location: string | null;
  attendees: Generated<string[]>;
  priority: Generated<"low" | "medium" | "high">;
  is_recurring: Generated<boolean>;
  reminder_time: string | null;
  preparation_time: string | null;
  meeting_id: string | null;
  created_by: string;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface NotesTable {
  id: Id;
  topic: string;
  content: string;
  tags: Generated<string[]>;
  is_pinned: Generated<boolean>;
  mood: string | null;
  created_by: string;
  org_key: Generated<string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ApprovalRequestsTable {
  id: Id;
  title: string;
  description: Generated<string>;
  category: Generated<string>;
  amount: number | null;
  start_date: string | null;
  end_date: string | null;
  status: Generated<"pending" | "approved" | "rejected">;
  requested_by_name: string | null;
  created_by: string;
  approver_email: string | null;
  approver_comments: string | null;
  decision_date: NullableStamp;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface StoredFilesTable {
  id: string;
  upload_type: Generated<string>;
  item_id: string | null;
  original_filename: string;
  mime_type: string;
  size_bytes: Big;
  checksum_sha256: string;
  storage_key: string;
  storage_backend: Generated<string>;
  owner_id: number | null;
  created_at: Stamp;
}

export interface SharedFilesTable {
  id: Id;
  name: string;
  description: string | null;
  category: Generated<string>;
  tags: Generated<string[]>;
  file_url: string | null;
  file_size: Big | null;
  file_type: string | null;
  shared_with_emails: Generated<string[]>;
  stored_file_id: string | null;
  created_by: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ResourcesTable {
  id: Id;
  title: string;
  url: string;
  description: string | null;
  category: Generated<string>;
  priority: Generated<"high" | "medium" | "low">;
  is_internal: Generated<boolean>;
  tags: Generated<string[]>;
  created_by: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface OrgStorageConfigTable {
  id: Id;
  storage_provider: "aws_s3" | "google_cloud" | "local" | null;
  storage_config: ColumnType<Record<string, unknown>, string | Record<string, unknown>, string | Record<string, unknown>>;
  is_active: Generated<boolean>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface CallHistoryTable {
  id: Id;
  call_id: string;
  call_type: Generated<"audio" | "video">;
  status: Generated<"initiated" | "ringing" | "connected" | "ended" | "rejected" | "missed">;
  is_group: Generated<boolean>;
  initiator_id: number | null;
  started_at: NullableStamp;
  ended_at: NullableStamp;
  duration_seconds: Generated<number>;
  recording_status: Generated<"not_configured" | "processing" | "completed" | "recording" | "failed">;
  recording_error: string | null;
  recording_file_id: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface CallParticipantsTable {
  call_id: string;
  user_id: number;
  status: Generated<"invited" | "ringing" | "joined" | "rejected" | "missed" | "left">;
  joined_at: NullableStamp;
  left_at: NullableStamp;
  duration_seconds: Generated<number>;
}

export interface PendingSignalsTable {
  id: ColumnType<number, never, never>;
  call_id: string;
  to_user_id: number;
  from_user_id: number;
  from_user_name: Generated<string>;
  from_user_email: Generated<string>;
  message_type: string;
  message_data: ColumnType<unknown, string | null, string | null>;
  extra: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Stamp;
  delivered_at: NullableStamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  channels: ChannelsTable;
  messages: MessagesTable;
  tasks: TasksTable;
  calendar_events: CalendarEventsTable;
  notes: NotesTable;
  approval_requests: ApprovalRequestsTable;
  stored_files: StoredFilesTable;
  shared_files: SharedFilesTable;
  resources: ResourcesTable;
  org_storage_config: OrgStorageConfigTable;
  call_history: CallHistoryTable;
  call_participants: CallParticipantsTable;
  pending_signals: PendingSignalsTable;
}

export type User = Selectable<UsersTable>;
export type Channel = Selectable<ChannelsTable>;
export type Message = Selectable<MessagesTable>;
