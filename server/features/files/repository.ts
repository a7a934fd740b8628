// The files feature's SQL: stored file rows, the org storage configuration, the recording
// columns of call records and the lookups the read checks make. Functions take the database
// (or a transaction) first; who may read what is decided in ./access, the rest in ./service.
import { sql, type Expression, type Insertable, type Selectable, type SqlBool, type Updateable } from "kysely";
import type { Db } from "../../db";
import type { CallHistoryTable, StoredFilesTable } from "../../db/schema";

export type StoredFile = Selectable<StoredFilesTable>;

/** `col` (a text[] of e-mails) holds this (already lower-cased) address, ignoring case. */
function listHolds(col: string, lowerEmail: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from unnest(${sql.ref(col)}) as e(v) where lower(e.v) = ${lowerEmail})`;
}

/** Links that point at this file: `/api/files/<id>`, `/phpapi/files/<id>`, optionally with a query. */
function linksTo(col: string, id: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(col)} like ${`%/${id}`} or ${sql.ref(col)} like ${`%/${id}?%`})`;
}

// ---- stored_files

export async function findStoredFile(db: Db, id: string): Promise<StoredFile | undefined> {
  return db.selectFrom("stored_files").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertStoredFileRow(db: Db, row: Insertable<StoredFilesTable>): Promise<StoredFile> {
  return db.insertInto("stored_files").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteStoredFileRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("stored_files").where("id", "=", id).execute();
}

// ---- org_storage_config

export async function findStorageConfigById(db: Db, id: number) {
  return db.selectFrom("org_storage_config").select(["id", "storage_provider", "storage_config"]).where("id", "=", id).executeTakeFirst();
}

/** The first active configuration with a provider: where recordings go. */
export async function findActiveStorageConfig(db: Db) {
  return db
    .selectFrom("org_storage_config")
    .select(["id", "storage_provider", "storage_config"])
    .where("is_active", "=", true)
    .where("storage_provider", "is not", null)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** Whether any active configuration with a provider exists. */
export async function hasActiveStorageConfig(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("org_storage_config")
    .select("id")
    .where("is_active", "=", true)
    .where("storage_provider", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The saved settings of the first configuration, whatever its state. */
export async function findFirstStorageSettings(db: Db) {
  return db.selectFrom("org_storage_config").select("storage_config").orderBy("id").limit(1).executeTakeFirst();
}

// ---- call_history (recording columns)

/** A call by its numeric id or its call_id (numeric given only when idOrCallId may be an id). */
export async function findCallRecordingState(db: Db, idOrCallId: string, numeric: number | null) {
  return db
    .selectFrom("call_history")
    .select(["id", "call_id", "media", "status", "recording_status", "recording_error", "recording_file_id"])
    .where((eb) => (numeric === null ? eb("call_id", "=", idOrCallId) : eb.or([eb("id", "=", numeric), eb("call_id", "=", idOrCallId)])))
    .orderBy("id")
    .executeTakeFirst();
}

export async function updateCallRecording(db: Db, callId: string, fields: Updateable<CallHistoryTable>): Promise<void> {
  await db
    .updateTable("call_history")
    // Processing is stamped with its first heartbeat in the same write, so the orphan sweep
    // never sees work that just started as stale.
    .set({ ...fields, ...(fields.recording_status === "processing" ? { recording_heartbeat_at: sql`now()` } : {}), updated_at: sql`now()` })
    .where("call_id", "=", callId)
    .execute();
}

/** Moves recording → processing in one conditional UPDATE; the row only for whoever won. */
export async function markRecordingProcessing(db: Db, callId: string) {
  return db
    .updateTable("call_history")
    .set({ recording_status: "processing", recording_error: null, recording_heartbeat_at: sql`now()` })
    .where("call_id", "=", callId)
    .where("recording_status", "=", "recording")
    .returning(["call_id", "initiator_id", "recording_file_id"])
    .executeTakeFirst();
}

export async function recordingHeartbeat(db: Db, callId: string): Promise<void> {
  await db.updateTable("call_history").set({ recording_heartbeat_at: sql`now()` }).where("call_id", "=", callId).where("recording_status", "=", "processing").execute();
}

/**
 * Recordings nobody is finishing, taken over in one `update ... returning` (one node wins each):
 * still `recording` `graceMs` after their call ended (the node whose timer would have finished
 * it went away), or `processing` with no heartbeat for `staleMs` (its node died converting it).
 */
export async function claimOrphanRecordings(db: Db, graceMs: number, staleMs: number) {
  return db
    .updateTable("call_history")
    .set({ recording_status: "processing", recording_error: null, recording_heartbeat_at: sql`now()` })
    .where((eb) =>
      eb.or([
        eb.and([
          eb("recording_status", "=", "recording"),
          eb.not(eb.exists(eb.selectFrom("sfu_recordings").select("sfu_recordings.call_id").whereRef("sfu_recordings.call_id", "=", "call_history.call_id"))),
          eb("status", "in", ["ended", "missed", "rejected"]),
          eb("ended_at", "<", sql<Date>`now() - ${graceMs}::integer * interval '1 millisecond'`),
        ]),
        eb.and([
          eb("recording_status", "=", "processing"),
          // Recordings Janus made on the server have their own lease (./sfu-recording.ts).
          eb.not(eb.exists(eb.selectFrom("sfu_recordings").select("sfu_recordings.call_id").whereRef("sfu_recordings.call_id", "=", "call_history.call_id"))),
          eb.or([eb("recording_heartbeat_at", "is", null), eb("recording_heartbeat_at", "<", sql<Date>`now() - ${staleMs}::integer * interval '1 millisecond'`)]),
        ]),
      ]),
    )
    .returning(["call_id", "initiator_id"])
    .execute();
}

export async function findCallIdByRecordingFile(db: Db, fileId: string): Promise<{ call_id: string } | undefined> {
  return db.selectFrom("call_history").select("call_id").where("recording_file_id", "=", fileId).executeTakeFirst();
}

// ---- lookups of the read checks

export async function findChannelAccess(db: Db, channelId: number) {
  return db.selectFrom("channels").select(["id", "type", "members"]).where("id", "=", channelId).executeTakeFirst();
}

/** The call with this call_id when the user initiated it or is a participant. */
export async function findCallWithParticipant(db: Db, userId: number, callId: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("call_history as h")
    .select("h.id")
    .where("h.call_id", "=", callId)
    .where((eb) =>
      eb.or([
        eb("h.initiator_id", "=", userId),
        eb.exists(eb.selectFrom("call_participants as p").select("p.user_id").whereRef("p.call_id", "=", "h.call_id").where("p.user_id", "=", userId)),
      ]),
    )
    .executeTakeFirst();
}

export async function findUserEmail(db: Db, userId: number): Promise<{ email: string } | undefined> {
  return db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
}

/** A shared_files row made by `ownerEmail` for this file that the reader made or is listed in (e-mails lower-cased). */
export async function findShareOfFile(db: Db, fileId: string, ownerEmail: string, readerEmail: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("shared_files")
    .select("id")
    .where((eb) => eb.or([eb("stored_file_id", "=", fileId), linksTo("file_url", fileId)]))
    .where((eb) => eb(eb.fn("lower", ["created_by"]), "=", ownerEmail))
    .where((eb) => eb.or([eb(eb.fn("lower", ["created_by"]), "=", readerEmail), listHolds("shared_with_emails", readerEmail)]))
    .limit(1)
    .executeTakeFirst();
}

/** A message linking this file, sent by `ownerId`, in a public channel or one listing the reader (e-mail lower-cased). */
export async function findPostOfFile(db: Db, fileId: string, ownerId: number, readerEmail: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("messages as m")
    .innerJoin("channels as c", "c.id", "m.channel_id")
    .select("m.id")
    .where(linksTo("m.file_url", fileId))
    .where("m.sender_id", "=", ownerId)
    .where((eb) => eb.or([eb("c.type", "=", "public"), listHolds("c.members", readerEmail)]))
    .limit(1)
    .executeTakeFirst();
}
