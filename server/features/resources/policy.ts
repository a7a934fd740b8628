// resources: a library everyone reads; managers and admins keep it.
import { isPrivileged } from "../../auth/roles";
import { emailOf } from "../../entities/policy-helpers";
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { rooms } from "@shared/realtime";

const audience = () => [rooms.org];

export const resourcesPolicy: TablePolicy<"resources"> = {
  readFilter: () => null,
  audience,
  canRead: readsByAudience(audience),
  canCreate: (user) => isPrivileged(user),
  canUpdate: (user) => isPrivileged(user),
  canDelete: (user) => isPrivileged(user),
  serverFields: {
    create: (user) => ({ created_by: emailOf(user) }),
  },
};
