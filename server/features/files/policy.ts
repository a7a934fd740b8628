// shared_files: seen by the owner and the people it is shared with. Anyone who sees a file
// may share it further; taking access away, other edits and deletion belong to the owner,
// managers and admins (or anyone, for a file without an owner).
import type { User } from "../../db/schema";
import { isPrivileged } from "../../auth/roles";
import { emailOf, listContains, listHas, otherKeys, sameEmail } from "../../entities/policy-helpers";
import type { RowOf, TablePolicy } from "../../entities/policy";
import { emailRooms, readsByAudience } from "../../entities/audience";

export const REMOVE_SHARING_REFUSED = "You can add users to share with, but only the file owner, managers, or admins can remove access.";

type FileAccess = Pick<RowOf<"shared_files">, "created_by" | "shared_with_emails">;

const audience = (row: FileAccess) => emailRooms([row.created_by, ...row.shared_with_emails]);

const hasFullControl = (user: User, row: FileAccess) => row.created_by == null || sameEmail(row.created_by, user.email) || isPrivileged(user);

export const sharedFilesPolicy: TablePolicy<"shared_files"> = {
  readFilter(user) {
    const me = emailOf(user);
    return (eb) => eb.or([eb("shared_files.created_by", "=", me), listContains(eb, "shared_files.shared_with_emails", me)]);
  },
  audience,
  canRead: readsByAudience(audience),
  canCreate: () => true,
  canUpdate(user, row, changes) {
    if (hasFullControl(user, row)) return true;
    if (otherKeys(changes, ["shared_with_emails"]).length > 0) return false;
    const next = (changes.shared_with_emails as string[] | undefined) ?? row.shared_with_emails;
    const removed = row.shared_with_emails.filter((e) => !listHas(next, e));
    return removed.length === 0 ? true : REMOVE_SHARING_REFUSED;
  },
  canDelete: hasFullControl,
  serverFields: {
    create: (user) => ({ created_by: emailOf(user) }),
  },
};
