import { useEffect, useState, type FormEvent } from "react";
import { addHours, addMinutes, format, startOfHour } from "date-fns";
import type { CalendarEvent, Priority } from "@shared/entities";
import { EVENT_TYPES } from "@shared/entities/calendar_events";
import { useUsers } from "../../users/api";
import { AssigneePicker } from "../../../ui/AssigneePicker";
import { FormDialog } from "../../../ui/FormDialog";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { Textarea } from "../../../ui/textarea";
import { useSaveDialog } from "../../../ui/useSaveDialog";
import { attendeeList, createEvent, invalidateEvents, updateEvent } from "../api";
import { fromRule, toRule, type RepeatSpec } from "@shared/recurrence";
import { browserZone, fromWall, optionFor, PREPARATION_OPTIONS, REMINDER_OPTIONS, toWall, type Zone } from "../time";
import { RepeatFields } from "./RepeatFields";

type EventType = CalendarEvent["event_type"];
interface Props {
  open: boolean;
  event: CalendarEvent | null;
  /** A start picked on the grid for a new event. */
  startAt: Date | null;
  zone: Zone;
  onClose: () => void;
}

const LOCAL = "yyyy-MM-dd'T'HH:mm";
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

export function EventFormDialog({ open, event, startAt, zone, onClose }: Props) {
  const users = useUsers(open);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [type, setType] = useState<EventType>("appointment");
  const [priority, setPriority] = useState<Priority>("medium");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [location, setLocation] = useState("");
  const [attendees, setAttendees] = useState<string[]>([]);
  const [reminder, setReminder] = useState<string>("15min");
  const [prep, setPrep] = useState<string>("2hr");
  const [repeat, setRepeat] = useState<RepeatSpec>(fromRule(null));
  const { saving, run } = useSaveDialog(onClose);

  useEffect(() => {
    if (!open) return;
    // A new event starts at the next full hour and lasts one hour.
    const s = (event && toWall(event.start_datetime, zone)) || startAt || startOfHour(addHours(new Date(), 1));
    const e = (event && toWall(event.end_datetime, zone)) || addHours(s, 1);
    setTitle(event?.title ?? "");
    setDescription(event?.description ?? "");
    setType(event?.event_type ?? "appointment");
    setPriority(event?.priority ?? "medium");
    setStart(format(s, LOCAL));
    setEnd(format(e, LOCAL));
    setLocation(event?.location ?? "");
    setAttendees(event ? attendeeList(event.attendees) : []);
    setReminder(optionFor(REMINDER_OPTIONS, s, event ? toWall(event.reminder_time, zone) : null, "15min"));
    setPrep(event ? (event.preparation_time ? optionFor(PREPARATION_OPTIONS, s, toWall(event.preparation_time, zone), "2hr") : "none") : "2hr");
    setRepeat(fromRule(event?.recurrence_rule));
  }, [open, event, startAt, zone]);

  const ready = !!title.trim() && !!start && !!end;
  const withPrep = type === "appointment" || type === "meeting";

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const s = new Date(start);
    const e = new Date(end);
    if (!ready || Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) return;
    const reminderMinutes = REMINDER_OPTIONS.find((o) => o.value === reminder)?.minutes ?? 15;
    const prepMinutes = PREPARATION_OPTIONS.find((o) => o.value === prep)?.minutes ?? 0;
    const rule = toRule(repeat.kind === "weekly" && repeat.days.length === 0 ? { ...repeat, days: [["SU", "MO", "TU", "WE", "TH", "FR", "SA"][s.getDay()]] } : repeat);
    const body: Record<string, unknown> = {
      title: title.trim(),
      description: description.trim() || null,
      event_type: type,
      priority,
      start_datetime: fromWall(s, zone),
      end_datetime: fromWall(e, zone),
      location: location.trim() || null,
      reminder_time: fromWall(addMinutes(s, -reminderMinutes), zone),
      // Preparation only for appointments and meetings, and only when not 'none'.
      preparation_time: withPrep && prepMinutes ? fromWall(addMinutes(s, -prepMinutes), zone) : null,
      recurrence_rule: rule,
      is_recurring: !!rule,
    };
    // A new series repeats in the zone its times are written in: the profile's, else the browser's.
    if (!event) body.time_zone = zone.profile ?? browserZone();
    const people = type === "meeting" ? attendees : [];
    if (people.length) body.attendees = people;
    else if (event && attendeeList(event.attendees).length) body.attendees = [];
    await run({
      save: () => (event ? updateEvent(event.id, body) : createEvent(body)),
      after: invalidateEvents,
      failure: "The event could not be saved. Please try again.",
      log: "Failed to save event",
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      className="max-h-[92dvh] overflow-y-auto"
      title={event ? "Edit Event" : "New Event"}
      description={zone.profile ? `Times are in ${zone.profile}.` : "Times are in your browser's time zone."}
      formId="event-form"
      onSubmit={submit}
      submitLabel={event ? "Save Changes" : "Create Event"}
      submitDisabled={!ready || saving}
      pending={saving}
    >
      <FormField id="event-title" label="Title">
        <Input id="event-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={500} autoFocus />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Type">
          <Select value={type} onValueChange={(v) => setType(v as EventType)}>
            <SelectTrigger aria-label="Type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EVENT_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {cap(t)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label="Priority">
          <Select value={priority} onValueChange={(v) => setPriority(v as Priority)}>
            <SelectTrigger aria-label="Priority">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(["low", "medium", "high"] as const).map((p) => (
                <SelectItem key={p} value={p}>
                  {cap(p)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="event-start" label="Start">
          <Input id="event-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} required />
        </FormField>
        <FormField id="event-end" label="End">
          <Input id="event-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} required />
        </FormField>
      </div>
      <FormField id="event-location" label={type === "meeting" ? "Location (optional)" : "Location"}>
        <Input id="event-location" value={location} onChange={(e) => setLocation(e.target.value)} maxLength={500} />
      </FormField>
      <FormField id="event-description" label="Description">
        <Textarea id="event-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
      </FormField>
      {type === "meeting" && (
        <FormField label="Attendees">
          <AssigneePicker users={users.data} loading={users.isPending} selected={attendees} onChange={setAttendees} />
        </FormField>
      )}
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Reminder">
          <Select value={reminder} onValueChange={setReminder}>
            <SelectTrigger aria-label="Reminder">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REMINDER_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {withPrep && (
          <FormField label="Preparation">
            <Select value={prep} onValueChange={setPrep}>
              <SelectTrigger aria-label="Preparation">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PREPARATION_OPTIONS.map((o) => (
                  <SelectItem key={o.value} value={o.value}>
                    {o.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
      </div>
      <RepeatFields value={repeat} onChange={setRepeat} />
    </FormDialog>
  );
}
