// notes: personal; the creator is the only one who sees or touches them.
import { NOTE_ORG_KEY } from "@shared/constants";
import { emailOf, sameEmail } from "../../entities/policy-helpers";
import type { TablePolicy } from "../../entities/policy";

export const notesPolicy: TablePolicy<"notes"> = {
  readFilter: (user) => (eb) => eb("notes.created_by", "=", emailOf(user)),
  canRead: (user, row) => sameEmail(row.created_by, user.email),
  canCreate: () => true,
  canUpdate: (user, row) => sameEmail(row.created_by, user.email),
  canDelete: (user, row) => sameEmail(row.created_by, user.email),
  serverFields: {
    create: (user) => ({ created_by: emailOf(user), org_key: NOTE_ORG_KEY }),
  },
};
