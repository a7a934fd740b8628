// Meetings as rooms (docs/calls.md, "Meetings"): a meeting is the one live call keyed by its meeting id.
// Whoever may join walks in at any time and nobody is rung; two people joining at the same
// moment end up in the same call, because the call row is created once and locked by both.
// People already in learn of the newcomer by a call_accept (mesh: each of them offers to the
// newcomer) or from the SFU (Janus announces the new publisher).
import crypto from "node:crypto";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../errors";
import { LIMITS, MESSAGES } from "@shared/constants";
import type { MeetingJoined } from "@shared/realtime";
import { listHas, sameEmail } from "../../entities/policy-helpers";
import { deliverSignal, type Actor } from "./signals";
import { isActiveCall, isIn, publishCall } from "./records";
import { findCall, lockCallRow, participantsOf, peopleByIds, updateJoined } from "./repository";
import { enterCall, findMeetingEvent, liveMeetingCall, type MeetingEvent } from "./meeting-repository";
import { endCall, leaveAllCalls } from "./service";

const mayJoin = (m: MeetingEvent, user: Actor) => m.meeting_open || sameEmail(m.created_by, user.email) || listHas(m.attendees, user.email);

async function organiserId(ctx: AppContext, m: MeetingEvent): Promise<number | null> {
  const row = await ctx.db.selectFrom("users").select("id").where(ctx.db.fn("lower", ["email"]), "=", m.created_by.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Walks into the room; `muted`: with the microphone off. Someone still in it (a reloaded page
 * coming back, docs/calls.md) keeps their place and their seconds.
 */
export async function joinMeeting(ctx: AppContext, user: Actor, meetingId: string, muted = false): Promise<MeetingJoined> {
  const meeting = await findMeetingEvent(ctx.db, meetingId);
  // Someone who may not join learns nothing about the meeting, not even that it exists.
  if (!meeting || !mayJoin(meeting, user)) throw notFound("Meeting not found");
  const media = ctx.config.janusUrl ? "sfu" : "mesh";
  const maxPeople = media === "sfu" ? LIMITS.sfuCallMaxParticipants : LIMITS.groupCallMaxParticipants;

  // One call at a time per person: whatever else the user is in is left first (not this room).
  const live = await ctx.db
    .selectFrom("call_history")
    .select("call_id")
    .where("meeting_id", "=", meetingId)
    .where("status", "in", ["initiated", "ringing", "connected"])
    .executeTakeFirst();
  await leaveAllCalls(ctx, user, live?.call_id);

  const { call, others } = await ctx.db.transaction().execute(async (trx) => {
    const call = await liveMeetingCall(trx, { call_id: crypto.randomUUID(), meeting_id: meetingId, initiator_id: user.id, media });
    const inNow = (await participantsOf(trx, call.call_id)).filter((p) => isIn(p) && p.user_id !== user.id);
    if (inNow.length + 1 > maxPeople) throw new HttpError(409, media === "sfu" ? `A meeting holds at most ${maxPeople} people` : MESSAGES.callNeedsSfu);
    await enterCall(trx, call.call_id, user.id, muted);
    return { call, others: inNow.map((p) => p.user_id) };
  });
  if (call.media === "mesh") {
    for (const id of others) {
      await deliverSignal(ctx, { call_id: call.call_id, to_user_id: id, from: user, message_type: "call_accept", message_data: { call_ended: false } });
    }
  }
  await publishCall(ctx, call.call_id);
  const names = new Map((await peopleByIds(ctx.db, others)).map((p) => [p.id, p.full_name]));
  return {
    call_id: call.call_id,
    media: call.media,
    call_type: call.call_type,
    organiser_id: await organiserId(ctx, meeting),
    participants: others.map((id) => ({ user_id: id, name: names.get(id) ?? "" })),
  };
}

/** Who is in the meeting's room now, for the pre-join screen; only for people who may join. */
export async function meetingRoom(ctx: AppContext, user: Actor, meetingId: string): Promise<{ call_id: string | null; participants: { user_id: number; name: string }[] }> {
  const meeting = await findMeetingEvent(ctx.db, meetingId);
  if (!meeting || !mayJoin(meeting, user)) throw notFound("Meeting not found");
  const live = await ctx.db
    .selectFrom("call_history")
    .select("call_id")
    .where("meeting_id", "=", meetingId)
    .where("status", "in", ["initiated", "ringing", "connected"])
    .executeTakeFirst();
  if (!live) return { call_id: null, participants: [] };
  const inside = (await participantsOf(ctx.db, live.call_id)).filter(isIn).map((p) => p.user_id);
  const names = new Map((await peopleByIds(ctx.db, inside)).map((p) => [p.id, p.full_name]));
  return { call_id: live.call_id, participants: inside.map((id) => ({ user_id: id, name: names.get(id) ?? "" })) };
}

async function meetingOf(ctx: AppContext, callId: string): Promise<MeetingEvent> {
  const call = await findCall(ctx.db, callId);
  const meeting = call?.meeting_id ? await findMeetingEvent(ctx.db, call.meeting_id) : undefined;
  if (!call || !meeting || !isActiveCall(call)) throw notFound("Meeting not found");
  return meeting;
}

export async function raiseHand(ctx: AppContext, user: Actor, callId: string, raised: boolean): Promise<null> {
  await meetingOf(ctx, callId);
  if (!(await updateJoined(ctx.db, callId, user.id, { hand_raised_at: raised ? new Date() : null }))) throw new HttpError(403, "You are not in this call");
  await publishCall(ctx, callId);
  return null;
}

/** The organiser mutes someone (their browser turns the microphone off) or removes them. */
export async function moderate(ctx: AppContext, user: Actor, callId: string, targetId: number, action: "mute" | "remove"): Promise<null> {
  const meeting = await meetingOf(ctx, callId);
  if (!sameEmail(meeting.created_by, user.email)) throw new HttpError(403, "Only the organiser can do this");
  const target = (await ctx.db.transaction().execute(async (trx) => {
    await lockCallRow(trx, callId);
    return (await participantsOf(trx, callId)).find((p) => p.user_id === targetId);
  }));
  if (!target || !isIn(target)) throw new HttpError(409, "This person is not in the meeting");
  ctx.realtime?.toUsers([targetId], "meetings.control", { call_id: callId, action, by_user_id: user.id });
  if (action === "remove") {
    const [person] = await peopleByIds(ctx.db, [targetId]);
    if (person) await endCall(ctx, { id: person.id, email: person.email, full_name: person.full_name }, callId);
  }
  return null;
}
