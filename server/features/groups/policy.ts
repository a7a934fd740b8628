// User groups (docs/groups.md): everyone reads groups and who is in them; managers and admins
// make, rename and delete groups and add or remove their people. The read rule is each policy's
// readFilter and audience, the one place the project states who reads a table, so a rule for
// guests is added here alone (both read as the whole organisation today).
import { rooms } from "@shared/realtime";
import { isPrivileged } from "../../auth/roles";
import { emailOf } from "../../entities/policy-helpers";
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { badRequest, notFound } from "../../errors";
import { findActivePerson, findGroup } from "./repository";

export const GROUPS_STAFF_ONLY = "Only managers and admins can change user groups";
export const GROUP_NOT_FOUND = "Group not found";
export const GROUP_PERSON_NOT_FOUND = "user_email: no active person has this address";

const audience = () => [rooms.org];

export const groupsPolicy: TablePolicy<"groups"> = {
  readFilter: () => null,
  audience,
  canRead: readsByAudience(audience),
  canCreate: (user) => isPrivileged(user) || GROUPS_STAFF_ONLY,
  canUpdate: (user) => isPrivileged(user) || GROUPS_STAFF_ONLY,
  canDelete: (user) => isPrivileged(user) || GROUPS_STAFF_ONLY,
  serverFields: {
    create: (user) => ({ created_by: emailOf(user) }),
  },
};

export const groupMembersPolicy: TablePolicy<"group_members"> = {
  readFilter: () => null,
  audience,
  canRead: readsByAudience(audience),
  async canCreate(user, input, db) {
    if (!isPrivileged(user)) return GROUPS_STAFF_ONLY;
    if (!(await findGroup(db, Number(input.group_id)))) throw notFound(GROUP_NOT_FOUND);
    if (!(await findActivePerson(db, String(input.user_email)))) throw badRequest(GROUP_PERSON_NOT_FOUND);
    return true;
  },
  // A membership is added or removed, never changed.
  canUpdate: () => false,
  canDelete: (user) => isPrivileged(user) || GROUPS_STAFF_ONLY,
  serverFields: {
    create: (user) => ({ created_by: emailOf(user) }),
  },
};
