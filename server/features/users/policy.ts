// users: everyone reads the public profile (presentUser), deactivated accounts included so old
// messages and tasks still resolve names; admins create and deactivate (a DELETE deactivates,
// see ./deactivate); the field-level rules for changes (self: profile fields; admin: all) live
// in ./service.
import type { User } from "../../db/schema";
import { isAdmin } from "../../auth/roles";
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { rooms } from "@shared/realtime";

const audience = () => [rooms.org];

export const usersPolicy: TablePolicy<"users"> = {
  readFilter: () => null,
  audience,
  canRead: readsByAudience(audience),
  canCreate: (user) => isAdmin(user),
  canUpdate: (user: User, row) => isAdmin(user) || user.id === row.id,
  // An admin deleting their own account could leave the organisation without one.
  canDelete: (user, row) => isAdmin(user) && user.id !== row.id,
  serverFields: { create: () => ({}) },
};
