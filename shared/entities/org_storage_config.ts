import { z } from "zod";
import { boolish, jsonObject } from "./fields";
import { defineEntity, noInternal, rowBase } from "./define";

export const STORAGE_PROVIDERS = ["aws_s3", "google_cloud", "local"] as const;

export const orgStorageConfig = defineEntity({
  table: "org_storage_config",
  input: {
    storage_provider: z.enum(STORAGE_PROVIDERS, { error: "must be aws_s3, google_cloud or local" }),
    storage_config: jsonObject,
    is_active: boolish,
  },
  required: [],
  nullable: ["storage_provider"],
  serverSet: [],
  row: z.object({
    ...rowBase,
    storage_provider: z.enum(STORAGE_PROVIDERS).nullable(),
    storage_config: z.record(z.string(), z.unknown()),
    is_active: z.boolean(),
  }),
  instants: [],
  internal: noInternal,
  filters: { id: "int", storage_provider: "text", is_active: "bool" },
});

export type OrgStorageConfig = z.infer<typeof orgStorageConfig.row>;
