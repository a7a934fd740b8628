import { z } from "zod";
import { emailList, integer, requiredText, safeLink, text, textList } from "./fields";
import { defineEntity, rowBase } from "./define";

export const FILE_CATEGORIES = ["document", "image", "video", "audio", "archive", "file", "other"] as const;

export const sharedFiles = defineEntity({
  table: "shared_files",
  input: {
    name: requiredText("name", 500),
    description: text(5000),
    category: z.enum(FILE_CATEGORIES, { error: "must be document, image, video, audio, archive, file or other" }),
    tags: textList(),
    file_url: safeLink,
    file_size: integer,
    file_type: text(200),
    shared_with_emails: emailList,
  },
  required: ["name"],
  nullable: ["description", "file_url", "file_size", "file_type"],
  // upload_type belongs to the file store; the documented upload sends it along with the record.
  serverSet: ["created_by", "stored_file_id", "upload_type"],
  row: z.object({
    ...rowBase,
    name: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    tags: z.array(z.string()),
    file_url: z.string().nullable(),
    file_size: z.number().nullable(),
    file_type: z.string().nullable(),
    shared_with_emails: z.array(z.string()),
    created_by: z.string().nullable(),
  }),
  instants: [],
  // The stored bytes behind the record: reached only through the file routes' access checks.
  internal: z.object({ stored_file_id: z.string().nullable() }),
  filters: {
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
});

export type SharedFile = z.infer<typeof sharedFiles.row>;
