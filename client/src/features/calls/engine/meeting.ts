// Meetings as rooms (docs/calls.md, "Meetings") and calls that move to the SFU: walking into a meeting
// rings nobody; the engine learns who is in from meetings.join and from calls.update, and a
// calls.update that says the call now goes through the SFU moves this browser there.
import type { CallRecord } from "@shared/realtime";
import { emitWithAck } from "../../../realtime/socket";
import { toast } from "../../../ui/notifications";
import { useCallsStore } from "../store";
import { useSessionStore } from "../../auth/store";
import { heardMic } from "../micSync";
import { errorText } from "./deps";
import type { CallEngine } from "./engine";

const store = () => useCallsStore.getState();

/** Meetings and moves to the SFU, for the one CallEngine ./index creates. */
export class MeetingRoom {
  constructor(private readonly engine: CallEngine) {}

  /**
   * Walks into the meeting's room with the pre-join screen's stream (or opens one); `initial`: the
   * microphone and camera as they were before a reload (../heldCall), never on by surprise.
   */
  async joinMeeting(meetingId: string, title: string, preview?: MediaStream, initial?: { audio: boolean; video: boolean }): Promise<void> {
    const st = store();
    if (st.busy || st.status === "connecting" || st.status === "connected") return;
    st.patch({ busy: true });
    this.engine.timeline.reset();
    this.engine.timeline.mark("join");
    const stream = await this.engine.prepareMedia("video", true, preview);
    if (!stream) return;
    this.engine.adoptLocal(stream);
    if (initial) {
      stream.getAudioTracks().forEach((t) => (t.enabled = initial.audio));
      stream.getVideoTracks().forEach((t) => (t.enabled = initial.video));
    }
    const audioOn = stream.getAudioTracks().every((t) => t.enabled);
    const videoOn = stream.getVideoTracks().some((t) => t.enabled);
    store().reset();
    store().patch({ status: "connecting", callType: "video", isGroup: true, title, meetingId, localStream: stream, audioEnabled: audioOn, videoEnabled: videoOn, busy: true });
    try {
      const joined = await emitWithAck("meetings.join", { meeting_id: meetingId, muted: !audioOn }, 30_000);
      this.engine.timeline.mark("joined");
      if (store().meetingId !== meetingId || store().status !== "connecting") {
        emitWithAck("calls.end", { call_id: joined.call_id }).catch(() => {}); // left while the server answered
        return;
      }
      store().patch({
        callId: joined.call_id,
        media: joined.media,
        organiserId: joined.organiser_id,
        status: "connected",
        connectedAt: Date.now(),
        busy: false,
      });
      for (const p of joined.participants) store().setParticipant(p.user_id, { name: p.name, state: "connecting" });
      if (joined.media === "sfu") await this.engine.sfu.start(joined.call_id, stream, this.engine.currentIceServers());
      else this.engine.replayEarly(joined.call_id); // offers from the people inside may have come before the answer
    } catch (err) {
      this.engine.finish(`Could not join the meeting: ${errorText(err)}`, false);
    }
  }

  /** A calls.update for the call we are in: who is in, raised hands, and the move to the SFU. */
  receiveCallUpdate(rec: CallRecord): void {
    const st = store();
    if (rec.call_id !== st.callId || (st.status !== "connected" && st.status !== "connecting")) return;
    const me = useSessionStore.getState().user?.id;
    // Someone added people: a one-to-one call is a group call now (it goes on when one leaves).
    if (!st.isGroup && rec.participant_list.length > 2) store().patch({ isGroup: true });
    if (rec.media === "sfu" && st.media === "mesh") void this.moveToSfu(rec.call_id);
    // People rung into the call show as ringing until they answer.
    for (const p of rec.participant_list) {
      if (p.user_id !== me && (p.status === "invited" || p.status === "ringing") && !store().participants[p.user_id]) {
        store().setParticipant(p.user_id, { name: p.name, state: "ringing" });
      }
    }
    if (rec.meeting_id || rec.media === "sfu") {
      for (const p of rec.participant_list) {
        if (p.user_id === me) {
          if (rec.meeting_id && !!p.hand_raised !== st.handRaised) store().patch({ handRaised: !!p.hand_raised });
          continue;
        }
        const known = store().participants[p.user_id];
        if (p.in_call) {
          if (!known || known.state === "left" || known.state === "ringing") store().setParticipant(p.user_id, { name: p.name, state: known?.stream ? "connected" : "connecting" });
          if (!!known?.handRaised !== !!p.hand_raised) store().setParticipant(p.user_id, { handRaised: !!p.hand_raised });
        } else if (known && known.state !== "left" && known.state !== "ringing" && known.state !== "rejected") {
          // Through the SFU nobody signals a departure: the record says they are gone.
          if (store().media === "sfu") store().setParticipant(p.user_id, { state: "left", stream: null, handRaised: false });
        }
      }
      this.engine.sfu.scheduleLayers();
    }
    store().setMicOff(rec.participant_list);
  }


  /** The call grew past the mesh: drop the direct connections and publish to Janus, keeping the camera. */
  private async moveToSfu(callId: string): Promise<void> {
    if (this.engine.sfu.active() || !this.engine.media.local) return;
    this.engine.timeline.mark("move to sfu");
    this.engine.closeMeshPeers();
    store().patch({ media: "sfu" });
    try {
      await this.engine.sfu.start(callId, this.engine.media.local, this.engine.currentIceServers());
    } catch (err) {
      toast({ title: "Could not move the call to the media server", description: errorText(err), variant: "destructive" });
    }
  }

  /**
   * The socket came back (session.ready): this socket holds our place in the call again
   * (calls.resume; the server lets a participant without one go after a few seconds,
   * docs/calls.md), then the record says what we missed. If the server let us go meanwhile, the
   * call is over here too.
   */
  async resumeCall(): Promise<void> {
    const { callId, status } = store();
    if (!callId || (status !== "connected" && status !== "connecting")) return;
    let rec: CallRecord;
    try {
      rec = await emitWithAck("calls.resume", { call_id: callId });
    } catch {
      return this.resumeSfu(); // the server could not say: the call goes on, and the next session.ready asks again
    }
    if (store().callId !== callId) return;
    const me = rec.participant_list.find((p) => p.user_id === useSessionStore.getState().user?.id);
    if (!me?.in_call || !["initiated", "ringing", "connected"].includes(rec.status)) return this.engine.finish("Connection lost", false);
    heardMic(callId, !!me.muted);
    this.receiveCallUpdate(rec);
    await this.resumeSfu();
  }

  /**
   * The server let go of our SFU handles with the old socket (a closed tab leaves the room), so
   * publish again, with the same camera; the server replaces the old feed.
   */
  private async resumeSfu(): Promise<void> {
    const st = store();
    if (!this.engine.sfu.active() || !this.engine.media.local || !st.callId || (st.status !== "connected" && st.status !== "connecting")) return;
    this.engine.timeline.mark("sfu resume");
    try {
      await this.engine.sfu.start(st.callId, this.engine.media.local, this.engine.currentIceServers());
    } catch (err) {
      toast({ title: "Could not reconnect to the media server", description: errorText(err), variant: "destructive" });
    }
  }

  async setHandRaised(raised: boolean): Promise<void> {
    const callId = store().callId;
    if (!callId) return;
    store().patch({ handRaised: raised });
    await emitWithAck("meetings.raiseHand", { call_id: callId, raised }).catch(() => store().patch({ handRaised: !raised }));
  }

  /** The organiser muted us (the microphone goes off; we may turn it on again) or removed us. */
  receiveControl(c: { call_id: string; action: "mute" | "remove" }): void {
    if (c.call_id !== store().callId) return;
    if (c.action === "mute") {
      this.engine.media.local?.getAudioTracks().forEach((t) => (t.enabled = false));
      store().patch({ audioEnabled: false });
      toast({ title: "The organiser muted your microphone" });
      return;
    }
    this.engine.finish("The organiser removed you from the meeting", false);
  }
}
