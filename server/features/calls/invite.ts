// Adding people to a call that is going on. A call that grows past CALL_MESH_MAX moves to the SFU
// (docs/calls.md): the record's `media` turns to "sfu" and its
// calls.update tells every browser in it to publish to Janus instead of its peers, so nobody
// rejoins by hand; the people rung get the new media in their invite.
import { sql } from "kysely";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../errors";
import { USER_MESSAGES } from "@shared/entities";
import type { CallMedia } from "@shared/realtime";
import { deliverSignal, type Actor } from "./signals";
import { isActiveCall, isIn, isPending, publishCall } from "./records";
import { lockCallRow, participantsOf, peopleByIds, updateCall, userIdsInActiveCall } from "./repository";
import { mediaFor } from "./service";

export async function inviteToCall(ctx: AppContext, user: Actor, callId: string, userIds: number[]): Promise<{ call_id: string; media: CallMedia }> {
  const rows = await peopleByIds(ctx.db, [...new Set(userIds)].filter((id) => id !== user.id));
  if (rows.length !== new Set(userIds.filter((id) => id !== user.id)).size) throw notFound("User not found");
  if (rows.some((u) => !u.is_active)) throw new HttpError(409, USER_MESSAGES.accountDeactivated);
  const inOtherCalls = new Set(await userIdsInActiveCall(ctx.db, rows.map((r) => r.id)));

  const { call, ring, media } = await ctx.db.transaction().execute(async (trx) => {
    const call = await lockCallRow(trx, callId);
    if (!call || !isActiveCall(call)) throw notFound("Call not found");
    const parts = await participantsOf(trx, callId);
    const me = parts.find((p) => p.user_id === user.id);
    if (!me || !isIn(me)) throw new HttpError(403, "You are not in this call");
    const taking = new Set(parts.filter((p) => isIn(p) || isPending(p)).map((p) => p.user_id));
    const fresh = rows.filter((r) => !taking.has(r.id));
    const ring = fresh.filter((r) => r.user_status !== "busy" && !inOtherCalls.has(r.id));
    const media = call.media === "sfu" ? "sfu" : mediaFor(ctx, taking.size + ring.length);
    for (const r of fresh) {
      const status = ring.includes(r) ? "invited" : "busy";
      // Ringing counts from now for the sweep that turns unanswered invites into missed ones.
      await sql`insert into call_participants (call_id, user_id, status, invited_at) values (${callId}, ${r.id}, ${status}, now())
        on conflict (call_id, user_id) do update set status = ${status}, left_at = null, hand_raised_at = null, invited_at = now()`.execute(trx);
    }
    await updateCall(trx, callId, { is_group: true, media, updated_at: new Date() });
    return { call, ring, media };
  });
  const participantIds = [...(await participantsOf(ctx.db, callId)).filter((p) => isIn(p) || isPending(p)).map((p) => p.user_id)];
  for (const r of ring) {
    await deliverSignal(ctx, {
      call_id: callId,
      to_user_id: r.id,
      from: user,
      message_type: "call_invite",
      message_data: { call_type: call.call_type, participant_ids: participantIds, is_group: true, media },
      call_type: call.call_type,
      participant_ids: participantIds,
    });
  }
  await publishCall(ctx, callId);
  return { call_id: callId, media };
}
