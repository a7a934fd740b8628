// org_storage_config: call-recording storage settings, secrets included; admins only.
import { isAdmin } from "../../auth/roles";
import { nobody } from "../../entities/policy-helpers";
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { rooms } from "@shared/realtime";

const audience = () => [rooms.admins];
import { unmaskStorageConfig } from "@shared/entities/org_storage_config";

export const orgStorageConfigPolicy: TablePolicy<"org_storage_config"> = {
  canList: isAdmin,
  readFilter: (user) => (isAdmin(user) ? null : nobody),
  audience,
  canRead: readsByAudience(audience),
  canCreate: (user) => isAdmin(user),
  canUpdate: (user) => isAdmin(user),
  canDelete: (user) => isAdmin(user),
  serverFields: {
    // Recording is on whenever a provider is chosen, unless the body says otherwise.
    create: (_user, input) => ("is_active" in input ? {} : { is_active: input.storage_provider != null }),
    update: (_user, row, changes) => ({
      ...("storage_provider" in changes && !("is_active" in changes) ? { is_active: changes.storage_provider != null } : {}),
      // A secret the admin left masked keeps its stored value.
      ...(changes.storage_config !== undefined ? { storage_config: unmaskStorageConfig(changes.storage_config, row.storage_config) } : {}),
    }),
  },
};
