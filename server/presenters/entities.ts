// How rows of the Entity API tables leave the server: chosen fields only, timestamps as ISO
// text, created_at/updated_at under the names clients use (created_date/updated_date).
import type { EntityTable, ChatMessage } from "@shared/realtime";
import type { Message, User } from "../db/schema";
import { presentUser } from "./users";

const STAMPS = ["created_date", "updated_date"] as const;

// Internals such as messages.sender_id and shared_files.stored_file_id stay on the server.
const FIELDS: Record<Exclude<EntityTable, "users">, readonly string[]> = {
  channels: ["id", "name", "description", "type", "is_system", "members", "last_activity", "created_by", ...STAMPS],
  messages: ["id", "channel_id", "content", "sender_name", "sender_email", "message_type", "file_url", "file_name", ...STAMPS],
  tasks: [
    "id",
    "title",
    "description",
    "status",
    "priority",
    "due_date",
    "assignee_email",
    "assignee_emails",
    "outcome",
    "source_message_id",
    "source_channel_id",
    "created_by",
    ...STAMPS,
  ],
  calendar_events: [
    "id",
    "title",
    "description",
    "start_datetime",
    "end_datetime",
    "event_type",
    "location",
    "attendees",
    "priority",
    "is_recurring",
    "reminder_time",
    "preparation_time",
    "meeting_id",
    "created_by",
    ...STAMPS,
  ],
  notes: ["id", "topic", "content", "tags", "is_pinned", "mood", "created_by", "org_key", ...STAMPS],
  approval_requests: [
    "id",
    "title",
    "description",
    "category",
    "amount",
    "start_date",
    "end_date",
    "status",
    "requested_by_name",
    "created_by",
    "approver_email",
    "approver_comments",
    "decision_date",
    ...STAMPS,
  ],
  shared_files: ["id", "name", "description", "category", "tags", "file_url", "file_size", "file_type", "shared_with_emails", "created_by", ...STAMPS],
  resources: ["id", "title", "url", "description", "category", "priority", "is_internal", "tags", "created_by", ...STAMPS],
  org_storage_config: ["id", "storage_provider", "storage_config", "is_active", ...STAMPS],
};

const SOURCE: Record<string, string> = { created_date: "created_at", updated_date: "updated_at" };

function outValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "bigint") return Number(v);
  return v ?? null;
}

/** The client view of a row of `table`; users always go through presentUser. */
export function presentRow(table: EntityTable, row: Record<string, unknown>, viewer?: User | null): Record<string, unknown> {
  if (table === "users") return presentUser(row as unknown as User, viewer) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of FIELDS[table]) out[field] = outValue(row[SOURCE[field] ?? field]);
  return out;
}

export function presentMessage(m: Message): ChatMessage {
  return presentRow("messages", m as unknown as Record<string, unknown>) as unknown as ChatMessage;
}
