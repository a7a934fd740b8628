import { describe, expect, it } from "vitest";
import type { CallRecord } from "@shared/realtime";
import { callStatusLabel, participantLabel, showsRecordingState } from "./callOutcome";

const CALLER = 1;
const CALLEE = 2;

function record(p: Partial<CallRecord>): CallRecord {
  return {
    id: 1,
    call_id: "c",
    call_type: "video",
    status: "ended",
    participants: "",
    participant_list: [
      { user_id: CALLER, name: "Alice", status: "joined", duration_seconds: 0 },
      { user_id: CALLEE, name: "Bob", status: "missed", duration_seconds: 0 },
    ],
    initiator_id: CALLER,
    started_at: null,
    created_at: "2026-11-24T10:00:00.000Z",
    ended_at: "2026-11-24T10:00:05.000Z",
    duration_seconds: 0,
    end_reason: null,
    meeting_id: null,
    media: "mesh",
    recording: { recording_status: "not_configured", error_message: null },
    ...p,
  };
}

describe("call history labels", () => {
  it("a call the caller cancelled is Cancelled for the caller and Missed for the callee", () => {
    const c = record({ status: "missed", end_reason: "cancelled" });
    expect(callStatusLabel(c, CALLER).text).toBe("Cancelled");
    expect(callStatusLabel(c, CALLEE).text).toBe("Missed");
  });

  it("a call nobody could take because they were busy says Busy, on the card and the chip", () => {
    const c = record({ status: "rejected", end_reason: "busy", participant_list: [record({}).participant_list[0], { user_id: CALLEE, name: "Bob", status: "busy", duration_seconds: 0 }] });
    expect(callStatusLabel(c, CALLER).text).toBe("Busy");
    expect(participantLabel(c, c.participant_list[1])).toBe("Busy");
    expect(callStatusLabel(record({ status: "rejected", end_reason: "declined" }), CALLER).text).toBe("Rejected");
  });

  it("the caller of a call that never connected is the Caller, not Joined", () => {
    const never = record({ status: "missed" });
    expect(participantLabel(never, never.participant_list[0])).toBe("Caller");
    const connected = record({ started_at: "2026-11-24T10:00:01.000Z", participant_list: [{ user_id: CALLER, name: "Alice", status: "joined", duration_seconds: 4 }] });
    expect(participantLabel(connected, connected.participant_list[0])).toBe("Joined");
  });

  it("shows the recording state only for calls that connected", () => {
    expect(showsRecordingState(record({ status: "missed" }))).toBe(false);
    expect(showsRecordingState(record({ status: "rejected", end_reason: "busy" }))).toBe(false);
    expect(showsRecordingState(record({ started_at: "2026-11-24T10:00:01.000Z" }))).toBe(true);
  });
});
