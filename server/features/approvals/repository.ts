// The approvals feature's SQL: its own audit table, functions taking the database (or the
// transaction of the write being audited) first. What an entry says is decided in ./audit.
import type { Generated, Insertable, Selectable } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { ApprovalAuditAction } from "@shared/entities/approval_requests";

export interface ApprovalAuditTable {
  id: Generated<number>;
  request_id: number;
  requester_email: string;
  actor_email: string;
  actor_name: string | null;
  action: ApprovalAuditAction;
  fields: Generated<string[]>;
  comment: string | null;
  created_at: Generated<Date>;
}

const withAudit = (db: DbLike) => db.withTables<{ approval_audit: ApprovalAuditTable }>();

export type ApprovalAuditRow = Selectable<ApprovalAuditTable>;

export async function insertAuditEntry(trx: DbLike, entry: Insertable<ApprovalAuditTable>): Promise<void> {
  await withAudit(trx).insertInto("approval_audit").values(entry).execute();
}

export async function findAuditEntries(db: DbLike, requestId: number): Promise<ApprovalAuditRow[]> {
  return withAudit(db).selectFrom("approval_audit").selectAll().where("request_id", "=", requestId).orderBy("id", "asc").execute();
}
