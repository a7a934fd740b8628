// notes: personal; the creator is the only one who sees or touches them.
import { NOTE_ORG_KEY } from "@shared/constants";
import { emailOf, sameEmail } from "../../entities/policy-helpers";
import type { RowOf, TablePolicy } from "../../entities/policy";
import { emailRooms, readsByAudience } from "../../entities/audience";

const audience = (row: Pick<RowOf<"notes">, "created_by">) => emailRooms([row.created_by]);

export const notesPolicy: TablePolicy<"notes"> = {
  readFilter: (user) => (eb) => eb("notes.created_by", "=", emailOf(user)),
  audience,
  canRead: readsByAudience(audience),
  canCreate: () => true,
  canUpdate: (user, row) => sameEmail(row.created_by, user.email),
  canDelete: (user, row) => sameEmail(row.created_by, user.email),
  serverFields: {
    create: (user) => ({ created_by: emailOf(user), org_key: NOTE_ORG_KEY }),
  },
};
