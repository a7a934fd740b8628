// Kysely's view of the database. The entity tables are derived from their definitions in
// shared/entities (the DTO fields plus the internal ones), so a new field is declared once.
import type { ColumnType, Generated, Selectable } from "kysely";
import type { z } from "zod";
import type { Entities, EntityDefinition } from "@shared/entities";

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = Generated<number>;
// Postgres returns bigint as text through `pg`; the pool setup parses it back to a number.
type Big = ColumnType<number, number, number>;

type Stored<K extends PropertyKey> = K extends "created_date" ? "created_at" : K extends "updated_date" ? "updated_at" : K;
/** A column with a database default (or nullable): optional on insert. */
type Col<V> = ColumnType<Exclude<V, undefined>, Exclude<V, undefined> | undefined, Exclude<V, undefined>>;
type InstantCol<V> = null extends V ? NullableStamp : Stamp;

/** The stored columns of an entity table: its DTO fields under their stored names, plus the internal ones. */
type RowShape<D extends EntityDefinition<string, any, any, any>> = D["row"]["shape"];
type InternalShape<D extends EntityDefinition<string, any, any, any>> = D["internal"]["shape"];
export type EntityColumns<D extends EntityDefinition<string, any, any, any>> = {
  [K in keyof RowShape<D> as Stored<K>]: K extends "id"
    ? Id
    : K extends "created_date" | "updated_date" | D["instants"][number]
      ? InstantCol<z.infer<RowShape<D>[K]>>
      : Col<z.infer<RowShape<D>[K]>>;
} & { [K in keyof InternalShape<D>]: Col<z.infer<InternalShape<D>[K]>> };

type EntityTables = { [T in keyof Entities]: EntityColumns<Entities[T]> };

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
  /** Why a call that never connected ended: the caller hung up (cancelled), or everyone was busy. */
  end_reason: "cancelled" | "busy" | "declined" | null;
  /** The meeting whose room this call is. */
  meeting_id: string | null;
  media: Generated<"mesh" | "sfu">;
  /** Set by the node converting the recording, every few seconds while it works. */
  recording_heartbeat_at: NullableStamp;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface CallParticipantsTable {
  call_id: string;
  user_id: number;
  status: Generated<"invited" | "ringing" | "joined" | "rejected" | "missed" | "left" | "busy">;
  joined_at: NullableStamp;
  left_at: NullableStamp;
  duration_seconds: Generated<number>;
  hand_raised_at: NullableStamp;
  invited_at: NullableStamp;
  /** When the last socket holding their place went; cleared when one takes it back (server/features/calls/liveness.ts). */
  detached_at: NullableStamp;
  /** Their microphone is off (calls.mute). */
  muted: Generated<boolean>;
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

/** The change feed: one record per changed row (migrations/202611241000_change_feed.ts). */
export interface ChangesTable {
  seq: ColumnType<number, never, never>;
  tx: ColumnType<string, never, never>;
  horizon: ColumnType<string, never, never>;
  tbl: string;
  op: "create" | "update" | "delete";
  row_id: number;
  audience: string[];
  created_at: ColumnType<Date, never, never>;
}

/** A durable consumer's place in the feed (migrations/202611271100_feed_consumers.ts). */
export interface FeedConsumersTable {
  name: string;
  cursor_tx: string;
  cursor_seq: number;
  failures: Generated<number>;
  split_tx: string | null;
  split_seq: number | null;
  retry_at: NullableStamp;
  last_error: string | null;
  updated_at: Stamp;
}

/** A record a consumer gave up on, kept for an admin to retry. */
export interface FeedDeadLettersTable {
  id: ColumnType<number, never, never>;
  consumer: string;
  seq: number;
  tbl: string;
  op: string;
  row_id: number;
  error: string;
  attempts: number;
  created_at: Stamp;
  retried_at: NullableStamp;
}

export interface Database extends EntityTables {
  sessions: SessionsTable;
  invitations: InvitationsTable;
  stored_files: StoredFilesTable;
  call_history: CallHistoryTable;
  call_participants: CallParticipantsTable;
  pending_signals: PendingSignalsTable;
  meeting_channels: { meeting_id: string; channel_id: number };
  changes: ChangesTable;
  feed_consumers: FeedConsumersTable;
  feed_dead_letters: FeedDeadLettersTable;
  notification_jobs: NotificationJobsTable;
  push_subscriptions: PushSubscriptionsTable;
  sfu_recordings: SfuRecordingsTable;
  link_previews: LinkPreviewsTable;
  saved_messages: SavedMessagesTable;
  message_reminders: MessageRemindersTable;
  scheduled_messages: ScheduledMessagesTable;
}

/** A person's saved message (migrations/202611281430_pins_saved_reminders.ts). */
export interface SavedMessagesTable {
  id: Generated<number>;
  user_id: number;
  message_id: number;
  created_at: Stamp;
}

/** "Remind me about this" (migrations/202611281430_pins_saved_reminders.ts). */
export interface MessageRemindersTable {
  id: Generated<number>;
  user_id: number;
  message_id: number | null;
  channel_id: number | null;
  note: string | null;
  remind_at: ColumnType<Date, Date, Date>;
  fired_at: NullableStamp;
  created_at: Stamp;
}

/** A message to be posted later as its author (migrations/202611281430_pins_saved_reminders.ts). */
export interface ScheduledMessagesTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  content: string;
  send_at: ColumnType<Date, Date, Date>;
  client_id: string;
  status: ColumnType<"pending" | "sent" | "failed", "pending" | "sent" | "failed" | undefined, "pending" | "sent" | "failed">;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  message_id: ColumnType<number | null, number | null | undefined, number | null>;
  lease_until: NullableStamp;
  created_at: Stamp;
  updated_at: Stamp;
}

/** What a page said when last fetched, per URL (migrations/202611281220_link_previews.ts). */
export interface LinkPreviewsTable {
  url: string;
  title: string | null;
  description: string | null;
  site_name: string | null;
  image: string | null;
  fetched_at: Stamp;
  /** Why it could not be previewed (the egress guard's refusal, no metadata); null when it could. */
  error: string | null;
}

/** A call recorded by Janus on the server (migrations/202611250930_sfu_recordings.ts). */
export interface SfuRecordingsTable {
  call_id: string;
  room: ColumnType<number, number, number>;
  rec_dir: string;
  status: ColumnType<"recording" | "finishing" | "completed" | "failed", "recording" | "finishing" | "completed" | "failed" | undefined, "recording" | "finishing" | "completed" | "failed">;
  owner_id: number | null;
  node_id: string | null;
  lease_until: NullableStamp;
  files: ColumnType<string[], string | undefined, string>;
  error: string | null;
  started_at: Stamp;
  stopped_at: NullableStamp;
  updated_at: Stamp;
}

/** The durable notification queue (migrations/202611241430_notifications.ts). */
export interface NotificationJobsTable {
  id: Generated<number>;
  kind: string;
  user_id: number;
  payload: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
  status: ColumnType<"pending" | "done" | "skipped" | "failed", "pending" | "done" | "skipped" | "failed" | undefined, "pending" | "done" | "skipped" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: Stamp;
  outcome: string | null;
  /** Why its push was held back (busy, quiet hours) until a summary tells it (migrations/202611250920_notification_settings.ts). */
  held: ColumnType<string | null, string | null | undefined, string | null>;
  /** The effect a job queued from the change feed stands for, unique (migrations/202611271200_notification_job_keys.ts). */
  key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Stamp;
}

export type User = Selectable<Database["users"]>;
export type Channel = Selectable<Database["channels"]>;
export type Message = Selectable<Database["messages"]>;
export type MessagesTable = Database["messages"];
export type MessageEdit = Selectable<Database["message_edits"]>;
