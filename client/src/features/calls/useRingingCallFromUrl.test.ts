import { describe, expect, it } from "vitest";
import type { CallParticipant, CallRecord } from "@shared/realtime";
import { inviteFromRecord } from "./useRingingCallFromUrl";

const person = (user_id: number, name: string, status: string, in_call = false): CallParticipant => ({ user_id, name, status, duration_seconds: 0, in_call });

function record(p: Partial<CallRecord>): CallRecord {
  return {
    id: 1,
    call_id: "c1",
    call_type: "audio",
    status: "ringing",
    participants: "",
    participant_list: [person(1, "Alex Morgan", "joined", true), person(2, "Jordan Lee", "ringing")],
    initiator_id: 1,
    started_at: null,
    created_at: "2026-11-24T09:00:00.000Z",
    ended_at: null,
    duration_seconds: 0,
    end_reason: null,
    meeting_id: null,
    media: "mesh",
    recording: { recording_status: "idle", error_message: null },
    ...p,
  };
}

describe("ringing a call opened from its push", () => {
  it("rings a call that still rings for me, from its caller", () => {
    expect(inviteFromRecord(record({}), 2)).toMatchObject({ callId: "c1", fromUserId: 1, fromName: "Alex Morgan", callType: "audio", participantIds: [1, 2], isGroup: false });
  });

  it("rings nothing for a call that is over, answered by me, not mine or unknown", () => {
    expect(inviteFromRecord(record({ status: "missed" }), 2)).toBeNull();
    expect(inviteFromRecord(record({ participant_list: [person(1, "Alex Morgan", "joined", true), person(2, "Jordan Lee", "joined", true)], status: "connected" }), 2)).toBeNull();
    expect(inviteFromRecord(record({}), 3)).toBeNull();
    expect(inviteFromRecord(undefined, 2)).toBeNull();
  });

  it("calls a ring among three a group call", () => {
    const rec = record({ participant_list: [person(1, "Alex Morgan", "joined", true), person(2, "Jordan Lee", "invited"), person(3, "Sam Carter", "ringing")] });
    expect(inviteFromRecord(rec, 2)).toMatchObject({ participantIds: [1, 2, 3], isGroup: true });
  });
});
