import { z } from "zod";
import { boolish, httpUrl, requiredText, text, textList } from "./fields";
import { defineEntity, noInternal, priorityInput, priorityValues, rowBase } from "./define";

export const RESOURCE_CATEGORIES = ["policy", "tool", "documentation", "training", "benefits", "other"] as const;

export const resources = defineEntity({
  table: "resources",
  input: {
    title: requiredText("title", 500),
    url: httpUrl,
    description: text(5000),
    category: z.enum(RESOURCE_CATEGORIES, { error: "must be policy, tool, documentation, training, benefits or other" }),
    priority: priorityInput,
    is_internal: boolish,
    tags: textList(),
  },
  required: ["title", "url"],
  nullable: ["description"],
  serverSet: ["created_by"],
  row: z.object({
    ...rowBase,
    title: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    priority: z.enum(priorityValues),
    is_internal: z.boolean(),
    tags: z.array(z.string()),
    created_by: z.string().nullable(),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", title: "text", url: "text", description: "text", category: "text", priority: "text", is_internal: "bool", tags: "list", created_by: "email" },
});

export type Resource = z.infer<typeof resources.row>;
