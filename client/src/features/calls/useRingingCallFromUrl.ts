// A tap on an incoming-call push opens the app at /CallHistory?call=<id> (docs/notifications.md). The invite usually waits on the server and arrives when the socket connects;
// when it was already taken elsewhere (a device that polls) the call is looked up here, and if it
// still rings for this person the incoming-call dialog opens for it.
import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import type { CallRecord } from "@shared/realtime";
import { request } from "../../lib/http";
import { useSessionStore } from "../auth/store";
import { useCallsStore } from "./store";

const ACTIVE = ["initiated", "ringing", "connected"];
const RINGING = ["invited", "ringing"];

/** The invite for `callId` from its record, when it still rings for `me`; null otherwise. */
export function inviteFromRecord(rec: CallRecord | undefined, me: number) {
  const mine = rec?.participant_list.find((p) => p.user_id === me);
  if (!rec || !mine || !ACTIVE.includes(rec.status) || !RINGING.includes(mine.status)) return null;
  const caller = rec.participant_list.find((p) => p.user_id === rec.initiator_id);
  const people = rec.participant_list.filter((p) => p.in_call || RINGING.includes(p.status)).map((p) => p.user_id);
  return {
    callId: rec.call_id,
    fromUserId: rec.initiator_id,
    fromName: caller?.name || "Unknown Caller",
    callType: rec.call_type,
    participantIds: people,
    isGroup: people.length > 2,
    receivedAt: Date.now(),
  };
}

export function useRingingCallFromUrl(): void {
  const [params] = useSearchParams();
  const callId = params.get("call");
  const me = useSessionStore((s) => s.user?.id);
  useEffect(() => {
    if (!callId || me == null) return;
    const controller = new AbortController();
    void (async () => {
      const list = await request<CallRecord[]>("/webrtc/call-history", { query: { limit: 20, offset: 0 }, signal: controller.signal });
      const invite = inviteFromRecord(list.find((c) => c.call_id === callId), me);
      const calls = useCallsStore.getState();
      // The socket's invite may have come first; a call under way is not interrupted.
      if (!invite || calls.incoming || calls.status === "connecting" || calls.status === "connected") return;
      calls.patch({ incoming: invite });
    })().catch(() => undefined);
    return () => controller.abort();
  }, [callId, me]);
}
