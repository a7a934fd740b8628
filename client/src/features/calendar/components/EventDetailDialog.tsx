import { format, isSameDay } from "date-fns";
import { CalendarClock, Hash, MapPin, Repeat, Users } from "lucide-react";
import type { CalendarEvent } from "@shared/entities";
import { useUsers } from "../../users/api";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { PriorityBadge } from "../../tasks/TaskBadges";
import { attendeeList } from "../api";
import type { CalendarItem } from "../items";
import { fromRule, WEEKDAYS } from "@shared/recurrence";
import { useSessionStore } from "../../auth/store";
import { browserZone } from "../time";

interface Props {
  item: CalendarItem | null;
  canEdit: boolean;
  onClose: () => void;
  onEdit: (e: CalendarEvent) => void;
  onJoin: (e: CalendarEvent) => void;
  onDelete: (e: CalendarEvent) => void;
  onCancelOccurrence: (item: CalendarItem) => void;
}

/** The app shows the first 3 attendees, then 'and N more...'. */
const SHOWN_ATTENDEES = 3;
const DAY_NAMES: Record<string, string> = { MO: "Mon", TU: "Tue", WE: "Wed", TH: "Thu", FR: "Fri", SA: "Sat", SU: "Sun" };

export function repeatText(rule: string | null): string | null {
  const r = fromRule(rule);
  if (r.kind === "none") return null;
  let text = r.kind === "weekly" && r.days.length ? `Weekly on ${[...r.days].sort((a, b) => WEEKDAYS.indexOf(a as never) - WEEKDAYS.indexOf(b as never)).map((d) => DAY_NAMES[d] ?? d).join(", ")}` : r.kind[0].toUpperCase() + r.kind.slice(1);
  if (r.ends === "count") text += `, ${r.count} times`;
  if (r.ends === "until") text += `, until ${r.until}`;
  return text;
}

function Row({ icon: Icon, children }: { icon: typeof Users; children: React.ReactNode }) {
  return (
    <div className="flex gap-3 text-sm">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

export function EventDetailDialog({ item, canEdit, onClose, onEdit, onJoin, onDelete, onCancelOccurrence }: Props) {
  const users = useUsers(!!item);
  const e = item?.event;
  const nameOf = (email: string) => users.data?.find((u) => u.email.toLowerCase() === email.toLowerCase())?.full_name ?? email;
  const attendees = e ? attendeeList(e.attendees) : [];
  const myZone = useSessionStore((s) => (s.user as { time_zone?: string | null } | null)?.time_zone) || browserZone();
  const rule = e ? repeatText(e.recurrence_rule) : null;
  // A series repeats at its hour in its own zone; elsewhere it may move by an hour for a few weeks.
  const repeats = rule && e && e.time_zone && e.time_zone !== myZone ? `${rule} · ${e.time_zone.replace(/_/g, " ")} time` : rule;
  return (
    <Dialog open={!!item && !!e} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {item && e && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 break-words">{item.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap gap-1.5 pt-1">
                <Badge variant="secondary" className="capitalize">
                  {item.kind === "prep" ? "preparation" : e.event_type}
                </Badge>
                <PriorityBadge priority={e.priority} />
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-3">
              {e.description && <p className="text-sm whitespace-pre-wrap text-muted-foreground">{e.description}</p>}
              <Row icon={CalendarClock}>
                {format(item.start, "EEEE, MMMM d, yyyy")} · {format(item.start, "h:mm a")} –{" "}
                {isSameDay(item.start, item.end) ? format(item.end, "h:mm a") : format(item.end, "MMM d, h:mm a")}
              </Row>
              {repeats && <Row icon={Repeat}>{repeats}</Row>}
              {e.location && <Row icon={MapPin}>{e.location}</Row>}
              {attendees.length > 0 && (
                <Row icon={Users}>
                  <ul>
                    {attendees.slice(0, SHOWN_ATTENDEES).map((a) => (
                      <li key={a}>{nameOf(a)}</li>
                    ))}
                  </ul>
                  {attendees.length > SHOWN_ATTENDEES && <p className="text-muted-foreground">and {attendees.length - SHOWN_ATTENDEES} more...</p>}
                </Row>
              )}
              {e.meeting_id && <Row icon={Hash}>Meeting ID: {e.meeting_id}</Row>}
            </div>
            <DialogFooter className="flex-wrap gap-2">
              {canEdit && e.recurrence_rule && item.occurrence && (
                <Button variant="ghost" className="text-destructive sm:mr-auto" onClick={() => onCancelOccurrence(item)}>
                  Delete this occurrence
                </Button>
              )}
              {canEdit && !e.recurrence_rule && (
                <Button variant="ghost" className="text-destructive sm:mr-auto" onClick={() => onDelete(e)}>
                  Delete
                </Button>
              )}
              {canEdit && e.recurrence_rule && (
                <Button variant="ghost" className="text-destructive" onClick={() => onDelete(e)}>
                  Delete series
                </Button>
              )}
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              {canEdit && (
                <Button variant="outline" onClick={() => onEdit(e)}>
                  Edit
                </Button>
              )}
              {e.event_type === "meeting" && e.meeting_id && <Button onClick={() => onJoin(e)}>Join Meeting</Button>}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
