import { useEffect, useMemo, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { CalendarX2, Clock, Hand, Hash, MessageSquare, Users } from "lucide-react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { format } from "date-fns";
import { useUsers } from "../users/api";
import { hangUp, joinMeeting, moderate, resumeMeeting, setHandRaised, setPinned } from "./controller";
import { takeHeldMeeting } from "./heldCall";
import { CallControls } from "./components/CallControls";
import { MeetingSidePanel, type PanelPerson } from "./components/MeetingSidePanel";
import { ParticipantGrid } from "./components/ParticipantGrid";
import { PreJoinScreen } from "./components/PreJoinScreen";
import { MeetingChat } from "./components/MeetingChat";
import { RecordingBadge } from "./components/RecordingBadge";
import { attendeeList, useMeeting } from "../calendar/api";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { toWall } from "../calendar/time";
import { cn } from "../../lib/utils";
import { activeParticipants, useCallsStore } from "./store";
import { useSessionStore } from "../auth/store";
import { useMeetingRoom } from "./api";
import { usePreview } from "./usePreview";

const STATE_TEXT = { ringing: "Ringing…", connecting: "Connecting…", connected: "In the meeting", left: "Left", rejected: "Declined" };

function ToggleButton({ label, pressed, onClick, children }: { label: string; pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn("flex size-12 items-center justify-center rounded-full transition", pressed ? "bg-white text-zinc-900" : "bg-white/10 text-white hover:bg-white/20")}
    >
      {children}
    </button>
  );
}

/** The meeting page: a room people walk into at any time (docs/calls.md, "Meetings"). */
export default function MeetPage() {
  const [params] = useSearchParams();
  const meetingId = params.get("meetingId");
  const meeting = useMeeting(meetingId);
  const users = useUsers();
  const me = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const cameFrom = (location.state as { from?: string } | null)?.from ?? null;
  const call = useCallsStore(
    useShallow((s) => ({ status: s.status, meetingId: s.meetingId, organiserId: s.organiserId, hand: s.handRaised, speakerId: s.speakerId, pinnedId: s.pinnedId, busy: s.busy })),
  );
  const participants = useCallsStore((s) => s.participants);
  const [panel, setPanel] = useState<"people" | "chat" | null>("people");
  const inRoom = !!meetingId && call.meetingId === meetingId && (call.status === "connecting" || call.status === "connected");
  const preview = usePreview(!!meeting.data && !inRoom);
  const room = useMeetingRoom(meetingId, !inRoom);
  const title = meeting.data?.title;
  const take = preview.take;

  // A reload of this page while in the meeting walks back in, as the person was (docs/calls.md);
  // the server keeps their place for a few seconds meanwhile.
  useEffect(() => {
    if (!meetingId || title === undefined) return;
    const held = takeHeldMeeting(meetingId);
    if (held) void resumeMeeting(meetingId, title, held, take);
  }, [meetingId, title, take]);

  const invitees = useMemo(() => {
    const emails = new Set(attendeeList(meeting.data?.attendees ?? null).map((e) => e.toLowerCase()));
    if (meeting.data?.created_by) emails.add(meeting.data.created_by.toLowerCase());
    return (users.data ?? []).filter((u) => emails.has(u.email.toLowerCase()) && u.id !== me?.id);
  }, [meeting.data, users.data, me?.id]);

  if (meetingId && (meeting.isPending || users.isPending)) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-muted-foreground">
        <Spinner className="size-6" />
        Joining meeting...
      </div>
    );
  }
  if (!meetingId || !meeting.data) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
        <div className="flex size-12 items-center justify-center rounded-xl border bg-background shadow-xs">
          <CalendarX2 className="size-5 text-muted-foreground" />
        </div>
        <h1 className="text-xl font-semibold">Meeting Not Found</h1>
        <p className="max-w-sm text-sm text-muted-foreground">The meeting ID is invalid or the meeting may have ended.</p>
        <Button variant="outline" onClick={() => navigate("/Calendar")}>
          Back to Calendar
        </Button>
      </div>
    );
  }

  const event = meeting.data;
  // Times come in the viewer's profile zone (or UTC without one), as the calendar reads them.
  const zone = { profile: me?.time_zone ?? null };
  const start = toWall(event.start_datetime, zone);
  const end = toWall(event.end_datetime, zone);
  const others = activeParticipants(participants).filter((p) => p.state !== "ringing");
  // The count is of people connected to the room, never of people still being rung.
  const count = inRoom ? others.length + 1 : (room.data?.participants.length ?? 0);
  const insideIds = new Set(inRoom ? others.map((p) => p.userId) : (room.data?.participants ?? []).map((p) => p.user_id));
  const inside: PanelPerson[] = inRoom
    ? [
        { key: "me", userId: me?.id, name: `${me?.full_name ?? "You"} (You)`, avatarName: me?.full_name, detail: "In the meeting", handRaised: call.hand },
        ...others.map((p) => ({ key: String(p.userId), userId: p.userId, name: p.name, detail: STATE_TEXT[p.state], handRaised: p.handRaised, speaking: call.speakerId === p.userId })),
      ]
    : (room.data?.participants ?? []).map((p) => ({ key: String(p.user_id), userId: p.user_id, name: p.name, detail: "In the meeting" }));
  const invited = invitees.filter((u) => !insideIds.has(u.id)).map((u) => ({ key: String(u.id), name: u.full_name, detail: "Invited" }));
  const isOrganiser = inRoom && call.organiserId !== null && call.organiserId === me?.id;

  const leave = () => {
    hangUp();
    // The documented meeting window closes when a script opened it; otherwise back to where the user came from.
    if (window.opener) window.close();
    if (cameFrom) navigate(cameFrom);
    else if (window.history.length > 1) navigate(-1);
    else navigate("/Calendar");
  };

  return (
    <div className="flex h-full min-h-[32rem] flex-col bg-zinc-950 text-white">
      <header className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-white/10 px-5 py-3">
        <h1 className="text-base font-semibold">{event.title}</h1>
        {start && end && (
          <span className="flex items-center gap-1.5 text-xs text-white/60">
            <Clock className="size-3.5" />
            {format(start, "h:mm a")} – {format(end, "h:mm a")}
          </span>
        )}
        <span className="flex items-center gap-1.5 text-xs text-white/60">
          <Hash className="size-3.5" />
          {event.meeting_id}
        </span>
        <span className="flex items-center gap-1.5 text-xs text-white/60">
          <Users className="size-3.5" />
          {count} {count === 1 ? "participant" : "participants"}
        </span>
        {/* Everyone in the meeting sees that it is being recorded, whoever started it. */}
        {inRoom && <RecordingBadge />}
      </header>
      <div className="flex min-h-0 flex-1">
        <main className="flex min-w-0 flex-1 flex-col overflow-y-auto p-4">
          {inRoom ? (
            <ParticipantGrid className="my-auto" />
          ) : (
            <PreJoinScreen
              preview={preview}
              myName={me?.full_name ?? "You"}
              inside={room.data?.participants ?? []}
              joining={call.busy}
              onJoin={() => void joinMeeting(meetingId, event.title, preview.take())}
            />
          )}
        </main>
        {panel && (
          <MeetingSidePanel
            inside={inside}
            invited={invited}
            tab={panel}
            onTab={setPanel}
            onClose={() => setPanel(null)}
            chat={<MeetingChat meetingId={meetingId} />}
            actions={
              inRoom
                ? {
                    canModerate: (p) => isOrganiser && p.userId !== me?.id,
                    onMute: (id) => void moderate(id, "mute"),
                    onRemove: (id) => void moderate(id, "remove"),
                    pinnedId: call.pinnedId,
                    onPin: setPinned,
                  }
                : undefined
            }
          />
        )}
      </div>
      <footer className="flex justify-center border-t border-white/10 px-4 py-4">
        {inRoom ? (
          <CallControls
            onHangUp={leave}
            extra={
              <>
                <ToggleButton label={call.hand ? "Lower hand" : "Raise hand"} pressed={call.hand} onClick={() => void setHandRaised(!call.hand)}>
                  <Hand className="size-5" />
                </ToggleButton>
                <ToggleButton label="Participants" pressed={panel === "people"} onClick={() => setPanel((p) => (p === "people" ? null : "people"))}>
                  <Users className="size-5" />
                </ToggleButton>
                <ToggleButton label="Chat" pressed={panel === "chat"} onClick={() => setPanel((p) => (p === "chat" ? null : "chat"))}>
                  <MessageSquare className="size-5" />
                </ToggleButton>
              </>
            }
          />
        ) : (
          <Button variant="ghost" className="text-white/70 hover:bg-white/10 hover:text-white" onClick={() => setPanel((p) => (p ? null : "people"))}>
            <Users />
            {panel ? "Hide participants" : "Show participants"}
          </Button>
        )}
      </footer>
    </div>
  );
}
