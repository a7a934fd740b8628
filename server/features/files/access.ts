// Who may read a stored file. Every "no" is answered as 404 by the routes, so these
// checks return booleans and never reveal why.
import type { Db } from "../../db";
import type { User } from "../../db/schema";
import { canReadChannel } from "../chat/channels.policy";
import { findCallIdByRecordingFile, findCallWithParticipant, findChannelAccess, findPostOfFile, findShareOfFile, findUserEmail, type StoredFile } from "./repository";

type Reader = User;

const lower = (s: string) => s.trim().toLowerCase();

/** The channel policy's read rule, for a channel known only by id. */
export async function canReadChannelById(db: Db, user: Reader, channelId: number): Promise<boolean> {
  if (!Number.isSafeInteger(channelId) || channelId <= 0 || channelId > 2_147_483_647) return false;
  const ch = await findChannelAccess(db, channelId);
  return !!ch && canReadChannel(user, ch);
}

/** A participant (or the initiator) of the call with this call_id. */
export async function isCallParticipant(db: Db, userId: number, callId: string): Promise<boolean> {
  const row = await findCallWithParticipant(db, userId, callId);
  return !!row;
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
  const u = await findUserEmail(db, file.owner_id);
  return u ? lower(u.email) : null;
}

async function sharedWith(db: Db, user: Reader, file: FileRef): Promise<boolean> {
  const owner = await ownerEmail(db, file);
  if (owner === null) return false;
  const row = await findShareOfFile(db, file.id, owner, lower(user.email));
  return !!row;
}

/** The owner posted the file (a chat attachment sent without item_id) in a channel the reader can read. */
async function postedWhereReadable(db: Db, user: Reader, file: FileRef): Promise<boolean> {
  if (file.owner_id === null) return false;
  const ownerId = file.owner_id;
  const row = await findPostOfFile(db, file.id, ownerId, lower(user.email));
  return !!row;
}

async function recordingOfCallWith(db: Db, userId: number, fileId: string): Promise<boolean> {
  const call = await findCallIdByRecordingFile(db, fileId);
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
