import { z } from "zod";
import { dateOnly, email, emailList, idRef, number, requiredText, text } from "./fields";
import { defineEntity, noInternal, priorityInput, priorityValues, rowBase } from "./define";

export const TASK_STATUSES = ["todo", "in_progress", "done"] as const;

export const tasks = defineEntity({
  table: "tasks",
  input: {
    title: requiredText("title", 500, "Title is required."),
    description: text(20_000),
    status: z.enum(TASK_STATUSES, { error: "must be todo, in_progress or done" }),
    priority: priorityInput,
    due_date: dateOnly,
    assignee_email: email,
    assignee_emails: emailList,
    outcome: text(20_000),
    source_message_id: idRef,
    source_channel_id: idRef,
    position: number,
  },
  required: ["title"],
  nullable: ["description", "due_date", "outcome", "assignee_email"],
  serverSet: ["created_by"],
  createOnly: ["source_message_id", "source_channel_id"],
  row: z.object({
    ...rowBase,
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(TASK_STATUSES),
    priority: z.enum(priorityValues),
    due_date: z.string().nullable(),
    assignee_email: z.string().nullable(),
    assignee_emails: z.array(z.string()),
    outcome: z.string().nullable(),
    source_message_id: z.number().int().nullable(),
    source_channel_id: z.number().int().nullable(),
    position: z.number(),
    created_by: z.string().nullable(),
  }),
  instants: [],
  internal: noInternal,
  filters: {
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
    position: "float",
    created_by: "email",
  },
});

export type Task = z.infer<typeof tasks.row>;
export type TaskStatus = Task["status"];
export type Priority = Task["priority"];
