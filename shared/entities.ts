// What each table accepts on create and update through the generic Entity API. Values are
// normalised by the field schemas in ./entity-fields; who-did-it fields are never taken
// from a body (DESIGN.md section 5), so they are listed as `serverSet` and ignored.
import { z } from "zod";
import type { EntityTable } from "./realtime";
import {
  boolish,
  dateOnly,
  dateTime,
  email,
  emailList,
  httpUrl,
  idRef,
  instant,
  integer,
  jsonObject,
  number,
  requiredText,
  safeLink,
  text,
  textList,
} from "./entity-fields";

export const ENTITY_TABLES: readonly EntityTable[] = [
  "users",
  "messages",
  "notes",
  "tasks",
  "resources",
  "channels",
  "shared_files",
  "calendar_events",
  "approval_requests",
  "org_storage_config",
];

export const isEntityTable = (t: string): t is EntityTable => (ENTITY_TABLES as readonly string[]).includes(t);

/** Echoed back by clients that save a whole object; ignored rather than refused. */
export const READ_ONLY_FIELDS = ["id", "created_date", "updated_date", "created_at", "updated_at"] as const;

export interface EntityDef {
  fields: Record<string, z.ZodType>;
  /** Needed on create. */
  required: readonly string[];
  /** May be cleared: "" or null on update stores null. */
  nullable: readonly string[];
  /** Set by the server; accepted in a body and ignored. */
  serverSet: readonly string[];
  /** Fixed once created; an update may repeat the value but not change it. */
  createOnly?: readonly string[];
}

const priority = z.enum(["low", "medium", "high"], { error: "must be low, medium or high" });

export const ENTITY_DEFS: Record<Exclude<EntityTable, "users">, EntityDef> = {
  channels: {
    fields: {
      name: requiredText("name", 100),
      description: text(1000),
      type: z.enum(["public", "private", "dm"], { error: "must be public, private or dm" }),
      is_system: boolish,
      members: emailList,
      last_activity: instant,
    },
    required: ["name"],
    nullable: ["description"],
    serverSet: ["created_by"],
  },
  messages: {
    fields: {
      channel_id: idRef,
      content: text(10_000),
      message_type: z.enum(["text", "file", "image"], { error: "must be text, file or image" }),
      file_url: safeLink,
      file_name: text(500),
    },
    required: ["channel_id"],
    nullable: ["file_url", "file_name"],
    serverSet: ["sender_id", "sender_name", "sender_email"],
    createOnly: ["channel_id"],
  },
  tasks: {
    fields: {
      title: requiredText("title", 500, "Title is required."),
      description: text(20_000),
      status: z.enum(["todo", "in_progress", "done"], { error: "must be todo, in_progress or done" }),
      priority,
      due_date: dateOnly,
      assignee_email: email,
      assignee_emails: emailList,
      outcome: text(20_000),
      source_message_id: idRef,
      source_channel_id: idRef,
    },
    required: ["title"],
    nullable: ["description", "due_date", "outcome", "assignee_email"],
    serverSet: ["created_by"],
    createOnly: ["source_message_id", "source_channel_id"],
  },
  calendar_events: {
    fields: {
      title: requiredText("title", 500),
      description: text(20_000),
      start_datetime: dateTime,
      end_datetime: dateTime,
      event_type: z.enum(["appointment", "meeting", "reminder"], { error: "must be appointment, meeting or reminder" }),
      location: text(500),
      attendees: emailList,
      priority,
      is_recurring: boolish,
      reminder_time: dateTime,
      preparation_time: dateTime,
      meeting_id: text(100).regex(/^[A-Za-z0-9_-]*$/, "may only contain letters, digits, - and _"),
    },
    required: ["title", "start_datetime", "end_datetime"],
    nullable: ["description", "location", "reminder_time", "preparation_time", "meeting_id"],
    serverSet: ["created_by"],
  },
  notes: {
    fields: {
      topic: requiredText("topic", 500),
      content: requiredText("content", 50_000),
      tags: textList(),
      is_pinned: boolish,
      mood: z.enum(["happy", "excited", "grateful", "neutral", "stressed", "sad"], { error: "must be one of happy, excited, grateful, neutral, stressed, sad" }),
    },
    required: ["topic", "content"],
    nullable: ["mood"],
    serverSet: ["created_by", "org_key"],
  },
  approval_requests: {
    fields: {
      title: requiredText("title", 500),
      description: requiredText("description", 20_000),
      category: requiredText("category", 100),
      amount: number.refine((n) => n >= 0, "must not be negative"),
      start_date: dateOnly,
      end_date: dateOnly,
      status: z.enum(["pending", "approved", "rejected"], { error: "must be pending, approved or rejected" }),
      approver_comments: text(5000),
    },
    required: ["title", "description"],
    nullable: ["amount", "start_date", "end_date", "approver_comments"],
    serverSet: ["created_by", "requested_by_name", "approver_email", "decision_date"],
  },
  shared_files: {
    fields: {
      name: requiredText("name", 500),
      description: text(5000),
      category: z.enum(["document", "image", "video", "audio", "archive", "file", "other"], {
        error: "must be document, image, video, audio, archive, file or other",
      }),
      tags: textList(),
      file_url: safeLink,
      file_size: integer,
      file_type: text(200),
      shared_with_emails: emailList,
    },
    required: ["name"],
    nullable: ["description", "file_url", "file_size", "file_type"],
    // upload_type belongs to the file store; the spec's upload sends it along with the record.
    serverSet: ["created_by", "stored_file_id", "upload_type"],
  },
  resources: {
    fields: {
      title: requiredText("title", 500),
      url: httpUrl,
      description: text(5000),
      category: z.enum(["policy", "tool", "documentation", "training", "benefits", "other"], {
        error: "must be policy, tool, documentation, training, benefits or other",
      }),
      priority,
      is_internal: boolish,
      tags: textList(),
    },
    required: ["title", "url"],
    nullable: ["description"],
    serverSet: ["created_by"],
  },
  org_storage_config: {
    fields: {
      storage_provider: z.enum(["aws_s3", "google_cloud", "local"], { error: "must be aws_s3, google_cloud or local" }),
      storage_config: jsonObject,
      is_active: boolish,
    },
    required: [],
    nullable: ["storage_provider"],
    serverSet: [],
  },
};

export type ValidationResult = { ok: true; data: Record<string, unknown> } | { ok: false; error: string };

function issues(err: z.ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Fields of a body that the table knows; the first unknown one is reported by name. */
function collect(def: EntityDef, body: unknown, mode: "create" | "update"): ValidationResult {
  if (body === undefined || body === null) body = {};
  if (!isPlainObject(body)) return { ok: false, error: "the body must be an object" };
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((READ_ONLY_FIELDS as readonly string[]).includes(key) || def.serverSet.includes(key)) continue;
    if (!Object.hasOwn(def.fields, key)) return { ok: false, error: `unknown field ${key}` };
    if (value === undefined) continue;
    if (value === "" || value === null) {
      // The spec's clients drop empty fields on create; on update an empty value clears a field that may be empty.
      if (mode === "update" && def.nullable.includes(key)) data[key] = null;
      continue;
    }
    data[key] = value;
  }
  return { ok: true, data };
}

export function validateCreate(def: EntityDef, body: unknown): ValidationResult {
  const got = collect(def, body, "create");
  if (!got.ok) return got;
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(def.fields)) {
    shape[k] = def.required.includes(k) ? s : s.optional();
  }
  const missing = def.required.find((k) => got.data[k] === undefined);
  if (missing) return { ok: false, error: `${missing} is required` };
  const parsed = z.object(shape).safeParse(got.data);
  return parsed.success ? { ok: true, data: dropUndefined(parsed.data) } : { ok: false, error: issues(parsed.error) };
}

export function validateUpdate(def: EntityDef, body: unknown): ValidationResult {
  const got = collect(def, body, "update");
  if (!got.ok) return got;
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(def.fields)) {
    shape[k] = (def.nullable.includes(k) ? s.nullable() : s).optional();
  }
  const parsed = z.object(shape).safeParse(got.data);
  return parsed.success ? { ok: true, data: dropUndefined(parsed.data) } : { ok: false, error: issues(parsed.error) };
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
