// Saved messages (docs/messages.md, "Saved"): a person's own list. Saving needs the message to
// be readable; listing applies the read rule again in SQL, so a message deleted since, or in a
// channel the person left, is simply not listed.
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { presentMessage } from "../../entities/present";
import type { KeptMessage } from "@shared/keep";
import { readableMessage } from "./policy";
import { deleteSaved, findMessageInChannel, insertSaved, savedIdsOf, savedOf } from "./repository";

export async function saveMessage(ctx: AppContext, user: User, input: { message_id: number; saved: boolean }): Promise<{ message_id: number; saved: boolean }> {
  if (input.saved) {
    readableMessage(user, await findMessageInChannel(ctx.db, input.message_id));
    await insertSaved(ctx.db, user.id, input.message_id);
  } else await deleteSaved(ctx.db, user.id, input.message_id);
  return { message_id: input.message_id, saved: input.saved };
}

export async function listSaved(ctx: AppContext, user: User): Promise<KeptMessage[]> {
  const rows = await savedOf(ctx.db, user);
  return rows.map(({ saved_at, channel_name, ...m }) => ({ message: presentMessage(m), channel_name, saved_at: new Date(saved_at).toISOString() }));
}

/** Which of these messages the person saved (the toolbar's Save / Unsave). */
export async function savedAmong(ctx: AppContext, user: User, ids: number[]): Promise<number[]> {
  return (await savedIdsOf(ctx.db, user.id, ids)).map((r) => r.message_id);
}
