// SQL of meeting rooms (docs/calls.md, "Meetings"): the meeting's calendar event, its one live call,
// and who is in it.
import { sql } from "kysely";
import type { DbLike } from "../../entities/repository";
import type { CallRow } from "./repository";

export interface MeetingEvent {
  id: number;
  title: string;
  meeting_id: string;
  created_by: string;
  attendees: string[];
  meeting_open: boolean;
}

export async function findMeetingEvent(db: DbLike, meetingId: string): Promise<MeetingEvent | undefined> {
  const row = await db
    .selectFrom("calendar_events")
    .select(["id", "title", "meeting_id", "created_by", "attendees", "meeting_open"])
    .where("meeting_id", "=", meetingId)
    .orderBy("id")
    .executeTakeFirst();
  return row ? ({ ...row, attendees: row.attendees ?? [] } as MeetingEvent) : undefined;
}

/**
 * The meeting's live call, created if there is none. The partial unique index on live meeting
 * calls makes a second concurrent insert do nothing, so both joiners lock and get the same row.
 */
export async function liveMeetingCall(
  db: DbLike,
  values: { call_id: string; meeting_id: string; initiator_id: number; media: "mesh" | "sfu" },
): Promise<CallRow> {
  await sql`
    insert into call_history (call_id, meeting_id, call_type, status, is_group, initiator_id, media, started_at)
    values (${values.call_id}, ${values.meeting_id}, 'video', 'connected', true, ${values.initiator_id}, ${values.media}, now())
    on conflict (meeting_id) where meeting_id is not null and status in ('initiated','ringing','connected') do nothing`.execute(db);
  return db
    .selectFrom("call_history")
    .selectAll()
    .where("meeting_id", "=", values.meeting_id)
    .where("status", "in", ["initiated", "ringing", "connected"])
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * In (again): a rejoin keeps the seconds already spent and counts on from now. Someone who never
 * left (a reloaded page walking back in) keeps their joined_at and raised hand; either way their
 * place is held again (no detached mark, ./liveness).
 */
export async function enterCall(db: DbLike, callId: string, userId: number, muted: boolean): Promise<void> {
  await sql`
    insert into call_participants (call_id, user_id, status, joined_at, left_at, muted)
    values (${callId}, ${userId}, 'joined', now(), null, ${muted})
    on conflict (call_id, user_id) do update set
      joined_at = case when call_participants.status = 'joined' and call_participants.left_at is null then call_participants.joined_at else now() end,
      hand_raised_at = case when call_participants.status = 'joined' and call_participants.left_at is null then call_participants.hand_raised_at end,
      status = 'joined', left_at = null, detached_at = null, muted = ${muted}`.execute(db);
}

