import { useMemo, useState } from "react";
import { CalendarX2, Clock, Hash, Users, Video } from "lucide-react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { format } from "date-fns";
import { useUsers } from "../users/api";
import { acceptIncoming, hangUp, startCall } from "./controller";
import { CallControls } from "./components/CallControls";
import { MeetingSidePanel, type PanelPerson } from "./components/MeetingSidePanel";
import { ParticipantGrid } from "./components/ParticipantGrid";
import { attendeeList, useMeeting } from "../calendar/api";
import { UserAvatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { toWall } from "../calendar/time";
import { cn } from "../../lib/utils";
import { activeParticipants, useCallsStore } from "./store";
import { useSessionStore } from "../auth/store";

const STATE_TEXT = { ringing: "Ringing…", connecting: "Connecting…", connected: "In the meeting", left: "Left", rejected: "Declined" };

/** The meeting page (spec part 2): the real participants of a mesh group call (DESIGN 6). */
export default function MeetPage() {
  const [params] = useSearchParams();
  const meetingId = params.get("meetingId");
  const meeting = useMeeting(meetingId);
  const users = useUsers();
  const me = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const cameFrom = (location.state as { from?: string } | null)?.from ?? null;
  const status = useCallsStore((s) => s.status);
  const participants = useCallsStore((s) => s.participants);
  const incoming = useCallsStore((s) => s.incoming);
  const [panelOpen, setPanelOpen] = useState(true);
  const inCall = status === "connecting" || status === "connected";

  const invitees = useMemo(() => {
    const emails = new Set(attendeeList(meeting.data?.attendees ?? null).map((e) => e.toLowerCase()));
    if (meeting.data?.created_by) emails.add(meeting.data.created_by.toLowerCase());
    return (users.data ?? []).filter((u) => emails.has(u.email.toLowerCase()) && u.id !== me?.id);
  }, [meeting.data, users.data, me?.id]);

  // An attendee already in the meeting's call is ringing us: joining answers that call.
  const ringing = incoming && invitees.some((u) => u.id === incoming.fromUserId) ? incoming : null;

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
  const others = activeParticipants(participants);
  // People in the call, not people still being rung.
  const count = inCall ? others.filter((p) => p.state === "connected").length + 1 : 1;
  const people: PanelPerson[] = inCall
    ? [
        { key: "me", name: `${me?.full_name ?? "You"} (You)`, detail: "In the meeting" },
        ...others.map((p) => ({ key: String(p.userId), name: p.name, detail: STATE_TEXT[p.state] })),
      ]
    : invitees.map((u) => ({ key: String(u.id), name: u.full_name, detail: "Invited" }));

  const leave = () => {
    hangUp();
    // The spec's meeting window closes when a script opened it; otherwise back to where the user came from.
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
      </header>
      <div className="flex min-h-0 flex-1">
        <main className="flex min-w-0 flex-1 flex-col overflow-y-auto p-4">
          {inCall ? (
            <ParticipantGrid className="my-auto" />
          ) : (
            <div className="m-auto flex max-w-md flex-col items-center gap-5 text-center">
              <div className="flex -space-x-2">
                {invitees.slice(0, 5).map((u) => (
                  <UserAvatar key={u.id} name={u.full_name} email={u.email} photo={u.profile_photo} className="size-10 ring-2 ring-zinc-950" />
                ))}
              </div>
              <div>
                <p className="text-lg font-semibold">Ready to join?</p>
                <p className="mt-1 text-sm text-white/60">
                  {ringing
                    ? `${ringing.fromName} is in the meeting. Join to connect.`
                    : invitees.length
                    ? `Joining calls the ${invitees.length} other ${invitees.length === 1 ? "attendee" : "attendees"} of this meeting.`
                    : "Nobody else is invited to this meeting yet."}
                </p>
              </div>
              <Button
                size="lg"
                disabled={!invitees.length || status === "ended"}
                onClick={() =>
                  void (ringing
                    ? acceptIncoming()
                    : startCall(
                        invitees.slice(0, 7).map((u) => ({ id: u.id, name: u.full_name })),
                        "video",
                        true,
                      ))
                }
              >
                <Video />
                Join meeting
              </Button>
            </div>
          )}
        </main>
        {panelOpen && <MeetingSidePanel people={people} onClose={() => setPanelOpen(false)} />}
      </div>
      <footer className="flex justify-center border-t border-white/10 px-4 py-4">
        {inCall ? (
          <CallControls
            onHangUp={leave}
            extra={
              <button
                type="button"
                aria-label="Participants"
                aria-pressed={panelOpen}
                onClick={() => setPanelOpen((o) => !o)}
                className={cn(
                  "flex size-12 items-center justify-center rounded-full transition",
                  panelOpen ? "bg-white text-zinc-900" : "bg-white/10 text-white hover:bg-white/20",
                )}
              >
                <Users className="size-5" />
              </button>
            }
          />
        ) : (
          <Button variant="ghost" className="text-white/70 hover:bg-white/10 hover:text-white" onClick={() => setPanelOpen((o) => !o)}>
            <Users />
            {panelOpen ? "Hide participants" : "Show participants"}
          </Button>
        )}
      </footer>
    </div>
  );
}
