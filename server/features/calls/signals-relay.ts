// signals.send / POST /webrtc/send-signal: the media signals (offer, answer, ice_candidate) are
// relayed only between two people in the same live call; the call-control types are turned into
// the matching transition so the server's record and the clients never disagree.
import type { z } from "zod";
import type { AppContext } from "../../context";
import { HttpError, badRequest, notFound } from "../../errors";
import type { signalSendInput } from "@shared/realtime";
import { answerCall, endCall } from "./service";
import { isActiveCall } from "./records";
import { deliverSignal, type Actor } from "./signals";
import { relayRows } from "./repository";

export type SignalInput = z.output<typeof signalSendInput>;

export async function relaySignal(ctx: AppContext, sender: Actor, input: SignalInput): Promise<{ id: number }> {
  switch (input.message_type) {
    case "call_accept":
    case "call_reject":
      await answerCall(ctx, sender, input.call_id, input.message_type === "call_accept");
      return { id: 0 };
    case "call_end":
      await endCall(ctx, sender, input.call_id);
      return { id: 0 };
    default:
      break;
  }
  if (input.to_user_id === sender.id) throw badRequest("A signal cannot be sent to yourself");
  const rows = await relayRows(ctx.db, input.call_id, sender.id, input.to_user_id);
  if (rows.length === 0) throw notFound("Call not found");
  const from = rows.find((r) => r.user_id === sender.id);
  const to = rows.find((r) => r.user_id === input.to_user_id);
  if (!from) throw new HttpError(403, "You are not in this call");
  if (!to) throw new HttpError(403, "The recipient is not in this call");
  if (input.message_type === "call_invite") {
    // Invitations are sent by the server when the call starts; a client's echo changes nothing.
    if (to.status === "invited" || to.status === "ringing") return { id: 0 };
    throw badRequest("Use calls.initiate (POST /webrtc/initiate-call) to invite someone");
  }
  if (!isActiveCall({ status: rows[0].call_status })) throw new HttpError(409, `Call is ${rows[0].call_status}`);
  if (from.status !== "joined" || from.left_at) throw new HttpError(409, "You have not joined this call");
  if (to.status === "rejected" || to.status === "missed" || to.left_at) throw new HttpError(409, "The recipient has left this call");
  const msg = await deliverSignal(ctx, {
    call_id: input.call_id,
    to_user_id: input.to_user_id,
    from: sender,
    message_type: input.message_type,
    message_data: input.message_data,
  });
  return { id: msg.id };
}
