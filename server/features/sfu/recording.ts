// Janus's side of server recordings (docs/calls.md, "Recording"): the VideoRoom writes every publisher's
// audio and video into .mjr files in the room's rec_dir while `enable_recording` is on, for the
// people in the room and for everyone who publishes later. The files feature converts them.
import type { AppContext } from "../../context";
import type { CallRow } from "../calls/repository";
import { codeOf, ensureRoom, janus } from "./janus";
import { roomOf } from "./service";

const NO_SUCH_ROOM = 426;

/** Whether this node can record SFU calls itself: Janus and a recording directory shared with it. */
export const canRecordOnServer = (ctx: AppContext) => Boolean(ctx.config.janusUrl && ctx.config.janusRecDir);

/** Points the call's room at `dir` and turns recording on; Janus creates the directory. */
export async function startRoomRecording(ctx: AppContext, call: Pick<CallRow, "id">, dir: string): Promise<number> {
  const link = await janus(ctx);
  const room = roomOf(call);
  await ensureRoom(link, room);
  await link.manager.message({ request: "edit", room, new_rec_dir: dir });
  await link.manager.enable_recording({ room, record: true });
  return room;
}

/** Turns recording off, which closes every .mjr file of the room; a room already gone is fine. */
export async function stopRoomRecording(ctx: AppContext, room: number): Promise<void> {
  if (!ctx.config.janusUrl) return;
  try {
    await (await janus(ctx)).manager.enable_recording({ room, record: false });
  } catch (err) {
    if (codeOf(err) !== NO_SUCH_ROOM) throw err;
  }
}
