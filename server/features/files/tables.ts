// The files feature's entity tables as the one list names them (docs/architecture.md, "Adding a table").
import { maskStorageConfig } from "@shared/entities/org_storage_config";
import type { TableFeature } from "../../entities/policy";
import { sharedFilesPolicy } from "./policy";
import { orgStorageConfigPolicy } from "./storage-config.policy";
import { orgStorageConfigHooks } from "./storage-config.hooks";

export const sharedFilesTable: TableFeature<"shared_files"> = { policy: sharedFilesPolicy };

export const orgStorageConfigTable: TableFeature<"org_storage_config"> = {
  policy: orgStorageConfigPolicy,
  hooks: orgStorageConfigHooks,
  // Storage secrets never reach a browser, not even an admin's: the form sends the mask back to keep them.
  view: (out) => {
    out.storage_config = maskStorageConfig(out.storage_config);
  },
};
