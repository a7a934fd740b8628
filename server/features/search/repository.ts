// Search (docs/search.md): tasks, notes and files; messages have their own file (messages.ts).
// Every group reads through its table's own read filter (docs/architecture.md, "Policies and
// audiences"), inside the same statement, so a row the reader may not read now is never found.
import { sql, type Expression, type SqlBool } from "kysely";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import { emailOf } from "../../entities/policy-helpers";
import { tasksPolicy } from "../tasks/policy";
import { sharedFilesPolicy } from "../files/policy";
import { searchNotes } from "../notes/repository";
import { SEARCH_GROUP_LIMIT, type SearchTerm } from "@shared/search";
import { containing } from "../../entities/query";

/** Task titles, as words (prefixes), phrases or substrings, among the tasks the reader may read. */
export function searchTasks(db: DbLike, user: User, terms: SearchTerm[], limit = SEARCH_GROUP_LIMIT) {
  const readFilter = tasksPolicy.readFilter(user);
  return db
    .selectFrom("tasks")
    .select(["tasks.id", "tasks.title", "tasks.status"])
    .where((eb) => {
      const all: Expression<SqlBool>[] = readFilter ? [readFilter(eb)] : [];
      for (const t of terms) {
        if (t.kind === "word") all.push(sql<SqlBool>`to_tsvector('simple'::regconfig, tasks.title) @@ to_tsquery('simple'::regconfig, ${`${t.text}:*`})`);
        else if (t.kind === "phrase") all.push(sql<SqlBool>`to_tsvector('simple'::regconfig, tasks.title) @@ phraseto_tsquery('simple'::regconfig, ${t.text})`);
        else all.push(sql<SqlBool>`tasks.title ilike ${containing(t.text)}`);
      }
      return eb.and(all);
    })
    .orderBy("tasks.updated_at", "desc")
    .orderBy("tasks.id", "desc")
    .limit(limit)
    .execute();
}

/** The reader's own notes: the notes search itself (server/features/notes/repository.ts). */
export function searchNoteRows(db: DbLike, user: User, terms: SearchTerm[], limit = SEARCH_GROUP_LIMIT) {
  return searchNotes(db, emailOf(user), terms.map((t) => t.text).join(" "), limit);
}

/** File names holding every term, among the shared files the reader may read. */
export function searchFiles(db: DbLike, user: User, terms: SearchTerm[], limit = SEARCH_GROUP_LIMIT) {
  const readFilter = sharedFilesPolicy.readFilter(user);
  return db
    .selectFrom("shared_files")
    .select(["shared_files.id", "shared_files.name", "shared_files.file_url"])
    .where((eb) => eb.and([...(readFilter ? [readFilter(eb)] : []), ...terms.map((t) => sql<SqlBool>`shared_files.name ilike ${containing(t.text)}`)]))
    .orderBy("shared_files.created_at", "desc")
    .orderBy("shared_files.id", "desc")
    .limit(limit)
    .execute();
}
