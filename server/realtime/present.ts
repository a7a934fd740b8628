// What rows look like on the wire: the same shapes the REST API answers with.
import type { Message, User } from "../db/schema";
import type { ChatMessage, EntityTable } from "@shared/realtime";
import { presentUser } from "../presenters/users";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function presentMessage(m: Message): ChatMessage {
  return {
    id: m.id,
    channel_id: m.channel_id,
    content: m.content,
    sender_name: m.sender_name,
    sender_email: m.sender_email,
    message_type: m.message_type,
    file_url: m.file_url,
    file_name: m.file_name,
    created_date: iso(m.created_at),
    updated_date: iso(m.updated_at),
  };
}

// Never on the wire, whatever the table.
const SECRET = new Set(["password_hash", "storage_key", "storage_config"]);

/** A row as a reader of it sees it; `null` when the row must not travel at all. */
export function presentRow(table: EntityTable, row: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!row) return null;
  if (table === "users") return presentUser(row as unknown as User, null) as unknown as Record<string, unknown>;
  if (table === "messages") return presentMessage(row as unknown as Message) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET.has(k)) continue;
    const key = k === "created_at" ? "created_date" : k === "updated_at" ? "updated_date" : k;
    out[key] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}
