// Who may read a stored file. Every "no" is answered as 404 by the routes, so these
// checks return booleans and never reveal why.
import { sql, type Expression, type SqlBool } from "kysely";
import type { Db } from "../../db";
import type { User } from "../../db/schema";
import { canReadChannel } from "../chat/channels.policy";
import type { StoredFile } from "./service";

type Reader = User;

const lower = (s: string) => s.trim().toLowerCase();

/** `col` (a text[] of e-mails) holds the reader's address, ignoring case. */
function listHolds(col: string, email: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from unnest(${sql.ref(col)}) as e(v) where lower(e.v) = ${lower(email)})`;
}

/** The channel policy's read rule, for a channel known only by id. */
export async function canReadChannelById(db: Db, user: Reader, channelId: number): Promise<boolean> {
  if (!Number.isSafeInteger(channelId) || channelId <= 0 || channelId > 2_147_483_647) return false;
  const ch = await db.selectFrom("channels").select(["type", "members"]).where("id", "=", channelId).executeTakeFirst();
  return !!ch && canReadChannel(user, ch);
}

/** A participant (or the initiator) of the call with this call_id. */
export async function isCallParticipant(db: Db, userId: number, callId: string): Promise<boolean> {
  const row = await db
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
  return !!row;
}

/** Links that point at this file: `/api/files/<id>`, `/phpapi/files/<id>`, optionally with a query. */
function linksTo(col: string, id: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(col)} like ${`%/${id}`} or ${sql.ref(col)} like ${`%/${id}?%`})`;
}

type FileRef = Pick<StoredFile, "id" | "owner_id">;

/**
 * Only links made by the file's owner count: otherwise anyone who learned an id could grant
 * themselves access by creating a shared_files row or posting a message that links it.
 * A file without an owner (its owner row gone, from before users were only deactivated) has
 * nobody whose links count, so no link opens it.
 */
async function ownerEmail(db: Db, file: FileRef): Promise<string | null> {
  if (file.owner_id === null) return null;
  const u = await db.selectFrom("users").select("email").where("id", "=", file.owner_id).executeTakeFirst();
  return u ? lower(u.email) : null;
}

async function sharedWith(db: Db, user: Reader, file: FileRef): Promise<boolean> {
  const owner = await ownerEmail(db, file);
  if (owner === null) return false;
  const row = await db
    .selectFrom("shared_files")
    .select("id")
    .where((eb) => eb.or([eb("stored_file_id", "=", file.id), linksTo("file_url", file.id)]))
    .where((eb) => eb(eb.fn("lower", ["created_by"]), "=", owner))
    .where((eb) => eb.or([eb(eb.fn("lower", ["created_by"]), "=", lower(user.email)), listHolds("shared_with_emails", user.email)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The owner posted the file (a chat attachment sent without item_id) in a channel the reader can read. */
async function postedWhereReadable(db: Db, user: Reader, file: FileRef): Promise<boolean> {
  if (file.owner_id === null) return false;
  const ownerId = file.owner_id;
  const row = await db
    .selectFrom("messages as m")
    .innerJoin("channels as c", "c.id", "m.channel_id")
    .select("m.id")
    .where(linksTo("m.file_url", file.id))
    .where("m.sender_id", "=", ownerId)
    .where((eb) => eb.or([eb("c.type", "=", "public"), listHolds("c.members", user.email)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

async function recordingOfCallWith(db: Db, userId: number, fileId: string): Promise<boolean> {
  const call = await db.selectFrom("call_history").select("call_id").where("recording_file_id", "=", fileId).executeTakeFirst();
  return !!call && (await isCallParticipant(db, userId, call.call_id));
}

export async function canReadStoredFile(db: Db, user: Reader, file: StoredFile): Promise<boolean> {
  if (file.owner_id === user.id) return true;
  switch (file.upload_type) {
    case "profile_photo":
      return true;
    case "messages": {
      if (file.item_id && /^\d+$/.test(file.item_id) && (await canReadChannelById(db, user, Number(file.item_id)))) return true;
      return postedWhereReadable(db, user, file);
    }
    case "file_library":
      return sharedWith(db, user, file);
    case "recording": {
      if (file.item_id && (await isCallParticipant(db, user.id, file.item_id))) return true;
      return recordingOfCallWith(db, user.id, file.id);
    }
    default:
      return false;
  }
}
