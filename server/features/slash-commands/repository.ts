// The SQL of slash commands (docs/integrations.md, "Slash commands"): finding the person an
// `@person` argument names.
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";

export interface NamedPerson {
  id: number;
  email: string;
  full_name: string;
  is_active: boolean;
}

/** People whose e-mail is this address (at most one) or, failing that, whose full name is this name (case-insensitive). */
export async function findPeopleNamed(db: DbLike, emailOrName: string): Promise<NamedPerson[]> {
  const key = emailOrName.toLowerCase();
  const byEmail = await db.selectFrom("users").select(["id", "email", "full_name", "is_active"]).where(sql`lower(email)`, "=", key).execute();
  if (byEmail.length > 0 || key.includes("@")) return byEmail;
  return db.selectFrom("users").select(["id", "email", "full_name", "is_active"]).where(sql`lower(full_name)`, "=", key).orderBy("id").limit(5).execute();
}
