// Client-side views of the server's rows (see DESIGN section 3 and the server contract).
import type { ChatMessage, PublicUser, UserStatus } from "@shared/realtime";

export type { ChatMessage, UserStatus };

/** The server's presented user; `notification_preferences` comes only for oneself and admins. */
export type User = PublicUser;

export interface AuthResult {
  user: User;
  accessToken: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface Channel {
  id: number;
  name: string;
  description: string | null;
  type: "public" | "private" | "dm";
  is_system: boolean;
  members: string[];
  last_activity: string | null;
  created_by: string | null;
  created_date: string;
}

export type TaskStatus = "todo" | "in_progress" | "done";
export type Priority = "low" | "medium" | "high";

export interface Task {
  id: number;
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: Priority;
  due_date: string | null;
  assignee_email: string | null;
  assignee_emails: string[];
  outcome: string | null;
  source_message_id: number | null;
  source_channel_id: number | null;
  created_by: string | null;
  created_date: string;
}

export interface UploadedFile {
  id: string | number;
  file_url: string;
  original_filename: string;
  mime_type: string;
  size_bytes: number;
  checksum_sha256: string;
}

export interface Invitation {
  link: string;
  token: string;
  email: string;
  expires_at: string;
}
