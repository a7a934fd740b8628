// The groups tables' refusals in their own words (docs/groups.md): the database's unique indexes
// settle a handle taken twice at once, or a person added twice, and the client reads why.
import { HttpError } from "../../errors";
import type { TableHooks } from "../../entities/policy";

export const HANDLE_TAKEN = "handle: another group has this handle";
export const ALREADY_MEMBER = "This person is already in the group";

const uniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === "23505" && (e.constraint === constraint || !!e.message?.includes(constraint));
};

export const groupsHooks: TableHooks = {
  writeError: (prefix, err) => (uniqueViolation(err, "groups_handle") ? new HttpError(409, `${prefix}: ${HANDLE_TAKEN}`) : undefined),
};

export const groupMembersHooks: TableHooks = {
  writeError: (_prefix, err) => (uniqueViolation(err, "group_members_once") ? new HttpError(409, ALREADY_MEMBER) : undefined),
};
