// Notes full-text search: the caller's own notes whose topic, content or tags hold every word
// typed (each as a prefix), pinned first, then the newest change first.
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";

/** The words of a query: letters and digits only, so nothing typed can be tsquery syntax. */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, 100)))].slice(0, 10);
}

export async function searchNotes(db: DbLike, ownerEmail: string, q: string, limit = 200) {
  const words = searchWords(q);
  let query = db.selectFrom("notes").selectAll("notes").where("notes.created_by", "=", ownerEmail);
  if (words.length > 0) {
    const tsquery = sql.join(
      words.map((w) => sql`to_tsquery('simple'::regconfig, ${w + ":*"})`),
      sql` && `,
    );
    query = query.where(sql<boolean>`notes_search_doc(notes.topic, notes.content, notes.tags) @@ (${tsquery})`);
  }
  return query.orderBy("notes.is_pinned", "desc").orderBy("notes.updated_at", "desc").orderBy("notes.id", "desc").limit(limit).execute();
}
