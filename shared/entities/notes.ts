import { z } from "zod";
import { boolish, requiredText, textList } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";

export const MOODS = ["happy", "excited", "grateful", "neutral", "stressed", "sad"] as const;

export const notes = defineEntity({
  table: "notes",
  input: {
    topic: requiredText("topic", 500),
    content: requiredText("content", 50_000),
    tags: textList(),
    is_pinned: boolish,
    mood: z.enum(MOODS, { error: "must be one of happy, excited, grateful, neutral, stressed, sad" }),
  },
  required: ["topic", "content"],
  nullable: ["mood"],
  serverSet: ["created_by", "org_key"],
  row: z.object({
    ...rowBase,
    topic: z.string(),
    content: z.string(),
    tags: z.array(z.string()),
    is_pinned: z.boolean(),
    mood: z.enum(MOODS).nullable(),
    created_by: z.string(),
    org_key: z.string(),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", topic: "text", content: "text", tags: "list", is_pinned: "bool", mood: "text", created_by: "email", org_key: "text" },
});

export type Note = z.infer<typeof notes.row>;
