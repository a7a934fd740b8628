// The columns a list query may filter and sort on, by the name clients use. Anything not
// here is refused by name, so a `where` or `sort` can only ever touch these columns.
import type { EntityTable } from "@shared/realtime";

/** `email`/`emails` are text and lists stored lower-cased, so filter values are lower-cased too. */
export type ColumnKind = "int" | "bigint" | "float" | "text" | "email" | "bool" | "list" | "emails" | "timestamp";

export interface ColumnInfo {
  column: string;
  kind: ColumnKind;
}

type Spec = Record<string, ColumnKind>;

// Clients call the timestamps created_date/updated_date; the spec's message list also sorts by created_at.
const STAMPS: Spec = { created_date: "timestamp", updated_date: "timestamp", created_at: "timestamp", updated_at: "timestamp" };
const ALIASES: Record<string, string> = { created_date: "created_at", updated_date: "updated_at" };

const SPECS: Record<EntityTable, Spec> = {
  // user_status and notification_preferences are left out: a filter on them would reveal a
  // hidden status or a private preference through which rows come back.
  users: {
    id: "int",
    email: "email",
    full_name: "text",
    job_title: "text",
    department: "text",
    phone_number: "text",
    status_message: "text",
    profile_photo: "text",
    role: "text",
    team_role: "text",
    show_online_status: "bool",
  },
  channels: { id: "int", name: "text", description: "text", type: "text", is_system: "bool", members: "emails", last_activity: "timestamp", created_by: "email" },
  messages: {
    id: "int",
    channel_id: "int",
    content: "text",
    sender_name: "text",
    sender_email: "email",
    message_type: "text",
    file_url: "text",
    file_name: "text",
  },
  tasks: {
    id: "int",
    title: "text",
    description: "text",
    status: "text",
    priority: "text",
    due_date: "text",
    assignee_email: "email",
    assignee_emails: "emails",
    outcome: "text",
    source_message_id: "int",
    source_channel_id: "int",
    created_by: "email",
  },
  calendar_events: {
    id: "int",
    title: "text",
    description: "text",
    start_datetime: "text",
    end_datetime: "text",
    event_type: "text",
    location: "text",
    attendees: "emails",
    priority: "text",
    is_recurring: "bool",
    reminder_time: "text",
    preparation_time: "text",
    meeting_id: "text",
    created_by: "email",
  },
  notes: { id: "int", topic: "text", content: "text", tags: "list", is_pinned: "bool", mood: "text", created_by: "email", org_key: "text" },
  approval_requests: {
    id: "int",
    title: "text",
    description: "text",
    category: "text",
    amount: "float",
    start_date: "text",
    end_date: "text",
    status: "text",
    requested_by_name: "text",
    created_by: "email",
    approver_email: "email",
    approver_comments: "text",
    decision_date: "timestamp",
  },
  shared_files: {
    id: "int",
    name: "text",
    description: "text",
    category: "text",
    tags: "list",
    file_url: "text",
    file_size: "bigint",
    file_type: "text",
    shared_with_emails: "emails",
    created_by: "email",
  },
  resources: {
    id: "int",
    title: "text",
    url: "text",
    description: "text",
    category: "text",
    priority: "text",
    is_internal: "bool",
    tags: "list",
    created_by: "email",
  },
  org_storage_config: { id: "int", storage_provider: "text", is_active: "bool" },
};

/** The column a client-facing name stands for on a table, or undefined if it is not queryable. */
export function columnOf(table: EntityTable, name: string): ColumnInfo | undefined {
  const spec = SPECS[table];
  const kind = Object.hasOwn(spec, name) ? spec[name] : Object.hasOwn(STAMPS, name) ? STAMPS[name] : undefined;
  if (!kind) return undefined;
  return { column: ALIASES[name] ?? name, kind };
}
