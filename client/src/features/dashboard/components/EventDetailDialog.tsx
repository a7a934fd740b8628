import { format } from "date-fns";
import { useNavigate } from "react-router-dom";
import type { CalendarEvent } from "@shared/entities";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { parseDate } from "../../../lib/format";

function when(e: CalendarEvent): string {
  const start = parseDate(e.start_datetime);
  const end = parseDate(e.end_datetime);
  if (!start) return "";
  return `${format(start, "EEEE, MMM d, yyyy · h:mm a")}${end ? ` – ${format(end, "h:mm a")}` : ""}`;
}

/** Title, type and priority badges, description, date and time, location, attendees (3, then 'and N more...'), meeting ID. */
export function EventDetailDialog({ event: e, onClose }: { event: CalendarEvent | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={!!e} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {e && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 break-words">{e.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap gap-1.5 pt-1">
                <Badge variant="secondary" className="capitalize">
                  {e.event_type}
                </Badge>
                <Badge variant="outline" className="capitalize">
                  {e.priority}
                </Badge>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 text-sm">
              {e.description && (
                <div>
                  <dt className="font-medium">Description</dt>
                  <dd className="whitespace-pre-line text-muted-foreground break-words">{e.description}</dd>
                </div>
              )}
              <div>
                <dt className="font-medium">Date and time</dt>
                <dd className="text-muted-foreground">{when(e)}</dd>
              </div>
              {e.location && (
                <div>
                  <dt className="font-medium">Location</dt>
                  <dd className="text-muted-foreground break-words">{e.location}</dd>
                </div>
              )}
              {e.attendees.length > 0 && (
                <div>
                  <dt className="font-medium">Attendees</dt>
                  <dd className="text-muted-foreground break-words">
                    {e.attendees.slice(0, 3).join(", ")}
                    {e.attendees.length > 3 && ` and ${e.attendees.length - 3} more...`}
                  </dd>
                </div>
              )}
              {e.meeting_id && (
                <div>
                  <dt className="font-medium">Meeting ID</dt>
                  <dd className="font-mono text-muted-foreground">{e.meeting_id}</dd>
                </div>
              )}
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button variant="outline" onClick={() => navigate("/Calendar")}>
                Edit
              </Button>
              {e.event_type === "meeting" && e.meeting_id && <Button onClick={() => window.open(`/Meet?meetingId=${encodeURIComponent(e.meeting_id!)}`, "_blank")}>Join Meeting</Button>}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
