// One message row for the chat's unit tests: every field a stored message has, so a new column is
// added here once rather than in each test's own copy.
import type { ChatMessage } from "@shared/entities";

export const chatMessage = (id: number, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  channel_id: 1,
  content: `m${id}`,
  sender_name: "Someone",
  sender_email: "someone@example.com",
  message_type: "text",
  file_url: null,
  file_name: null,
  edited_at: null,
  mentions: [],
  mentions_all: false,
  thread_root_id: null,
  also_to_channel: false,
  reply_count: 0,
  last_reply_at: null,
  repliers: [],
  deleted_at: null,
  resolved_at: null,
  resolved_by: null,
  pinned_at: null,
  pinned_by: null,
  webhook_id: null,
  attachments: null,
  client_id: null,
  created_date: "2026-01-01T00:00:00Z",
  updated_date: "2026-01-01T00:00:00Z",
  ...fields,
});
