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

/** What the browser gets instead of a stored secret; sent back unchanged, it keeps the secret. */
export const SECRET_MASK = "••••••••";
/** Secret fields per provider (never sent to the browser in clear). */
export const SECRET_FIELDS: Record<string, readonly string[]> = {
  aws_s3: ["secret_access_key"],
  google_cloud: ["service_account_key", "hmac_secret"],
  local: [],
};

type ConfigByProvider = Record<string, unknown>;

/** storage_config with every non-empty secret replaced by the mask. */
export function maskStorageConfig(config: unknown): ConfigByProvider {
  if (!config || typeof config !== "object" || Array.isArray(config)) return {};
  const out: ConfigByProvider = {};
  for (const [provider, inner] of Object.entries(config as ConfigByProvider)) {
    if (!inner || typeof inner !== "object" || Array.isArray(inner)) {
      out[provider] = inner;
      continue;
    }
    const copy = { ...(inner as Record<string, unknown>) };
    for (const f of SECRET_FIELDS[provider] ?? []) if (typeof copy[f] === "string" && copy[f] !== "") copy[f] = SECRET_MASK;
    out[provider] = copy;
  }
  return out;
}

/** `next` with every masked secret replaced by the one stored in `stored` (the admin did not change it). */
export function unmaskStorageConfig(next: unknown, stored: unknown): ConfigByProvider {
  if (!next || typeof next !== "object" || Array.isArray(next)) return {};
  const old = (stored && typeof stored === "object" ? stored : {}) as Record<string, Record<string, unknown> | undefined>;
  const out: ConfigByProvider = {};
  for (const [provider, inner] of Object.entries(next as ConfigByProvider)) {
    if (!inner || typeof inner !== "object" || Array.isArray(inner)) {
      out[provider] = inner;
      continue;
    }
    const copy = { ...(inner as Record<string, unknown>) };
    for (const f of SECRET_FIELDS[provider] ?? []) if (copy[f] === SECRET_MASK) copy[f] = old[provider]?.[f] ?? "";
    out[provider] = copy;
  }
  return out;
}
