// org_storage_config: call-recording storage settings, secrets included; admins only.
import { isAdmin } from "../../auth/roles";
import { nobody } from "../../entities/policy-helpers";
import type { TablePolicy } from "../../entities/policy";

export const orgStorageConfigPolicy: TablePolicy<"org_storage_config"> = {
  canList: isAdmin,
  readFilter: (user) => (isAdmin(user) ? null : nobody),
  canRead: (user) => isAdmin(user),
  canCreate: (user) => isAdmin(user),
  canUpdate: (user) => isAdmin(user),
  canDelete: (user) => isAdmin(user),
  serverFields: {
    // Recording is on whenever a provider is chosen, unless the body says otherwise (spec part 2, section 4).
    create: (_user, input) => ("is_active" in input ? {} : { is_active: input.storage_provider != null }),
    update: (_user, _row, changes) => ("storage_provider" in changes && !("is_active" in changes) ? { is_active: changes.storage_provider != null } : {}),
  },
};
