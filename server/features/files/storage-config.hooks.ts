// org_storage_config: the jsonb settings are sent as JSON text, which both engines accept.
import type { TableHooks } from "../../entities/policy";

export const orgStorageConfigHooks: TableHooks = {
  toStored(values) {
    if (values.storage_config === undefined || typeof values.storage_config === "string") return values;
    return { ...values, storage_config: JSON.stringify(values.storage_config) };
  },
};
