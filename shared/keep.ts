// Keeping and planning messages (docs/messages.md: Pinned, Saved, Reminders, Scheduled messages):
// the inputs both the REST routes and the web client use, and the shapes the routes answer.
import { z } from "zod";
import { idRef } from "./entities/fields";
import { LIMITS } from "./constants";
import type { ChatMessage } from "./entities/messages";

const WHEN = "must be a date and time (ISO 8601, such as 2026-12-01T09:00:00Z)";
/** An instant as ISO 8601 text; the server refuses one in the past in its own words. */
export const instant = z
  .string({ error: WHEN })
  .max(40, WHEN)
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(Date.parse(v)), WHEN);

export const pinInput = z.strictObject({ message_id: idRef, pinned: z.boolean({ error: "pinned must be true or false" }) }, { error: "the body must be an object" });
export const saveInput = z.strictObject({ message_id: idRef, saved: z.boolean({ error: "saved must be true or false" }) }, { error: "the body must be an object" });
export const reminderInput = z.strictObject({ message_id: idRef, remind_at: instant }, { error: "the body must be an object" });

const content = z
  .string({ error: "content must be text" })
  .trim()
  .min(1, "content cannot be empty")
  .max(LIMITS.messageMaxChars, `content must be at most ${LIMITS.messageMaxChars} characters`);
export const scheduleInput = z.strictObject({ channel_id: idRef, content, send_at: instant }, { error: "the body must be an object" });
export const scheduleUpdateInput = z
  .strictObject({ content: content.optional(), send_at: instant.optional() }, { error: "the body must be an object" })
  .refine((v) => v.content !== undefined || v.send_at !== undefined, { error: "say content, send_at or both" });
export const channelQuery = z.object({ channel_id: idRef }, { error: "channel_id is required" });

/** A message in the Pinned list or the Saved list, with the name of its channel. */
export interface KeptMessage {
  message: ChatMessage;
  channel_name: string;
  /** Saved list: when it was saved. */
  saved_at?: string;
}

export interface MessageReminder {
  id: number;
  /** The message to be reminded of; null for `/remind me` with a note of one's own. */
  message_id: number | null;
  channel_id: number | null;
  note: string | null;
  remind_at: string;
  fired_at: string | null;
}

export interface ScheduledMessage {
  id: number;
  channel_id: number;
  content: string;
  send_at: string;
  status: "pending" | "sent" | "failed";
  /** Why it could not be posted (status failed), in the words messages.create answered. */
  error: string | null;
  message_id: number | null;
}
