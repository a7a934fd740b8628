import type { CalendarEvent } from "@shared/entities";
import { toast } from "../../ui/notifications";
import { useSessionStore } from "../auth/store";
import { deleteEvent, invalidateEvents, patchCachedEvent, updateEvent } from "./api";
import type { CalendarItem } from "./items";
import { fromWall, toWall, wallToInstant, type Zone } from "./time";

function failed(err: unknown) {
  console.error("Event update failed", err);
  toast({ title: "The event could not be saved. Please try again.", variant: "destructive" });
  invalidateEvents();
}

/** Moves, resizes and deletes: shown at once, then saved; a refusal puts the calendar back. */
export function useCalendarActions(zone: Zone) {
  const me = useSessionStore((s) => s.user);
  const canEdit = (e: CalendarEvent | undefined) => !!e && !!me && e.created_by.toLowerCase() === me.email.toLowerCase();

  /** A single event moves; an occurrence of a recurring one becomes an exception (only it moves). */
  const reschedule = (item: CalendarItem, start: Date, end: Date) => {
    const e = item.event;
    if (!e || !canEdit(e)) return;
    if (e.recurrence_rule && item.occurrence) {
      const occurrence = wallToInstant(new Date(item.occurrence), zone);
      const rest = (e.recurrence_exceptions ?? []).filter((x) => new Date(x.occurrence).getTime() !== new Date(occurrence).getTime());
      const recurrence_exceptions = [...rest, { occurrence, start: wallToInstant(start, zone), end: wallToInstant(end, zone) }];
      patchCachedEvent(e.id, { recurrence_exceptions });
      updateEvent(e.id, { recurrence_exceptions }).catch(failed);
      return;
    }
    const shift = start.getTime() - (item.start.getTime());
    const patch: Record<string, string> = { start_datetime: fromWall(start, zone), end_datetime: fromWall(end, zone) };
    // Reminder and preparation keep their distance to the start.
    if (shift) {
      for (const f of ["reminder_time", "preparation_time"] as const) {
        const at = toWall(e[f], zone);
        if (at) patch[f] = fromWall(new Date(at.getTime() + shift), zone);
      }
    }
    patchCachedEvent(e.id, patch);
    updateEvent(e.id, patch).catch(failed);
  };

  const cancelOccurrence = (item: CalendarItem) => {
    const e = item.event;
    if (!e || !item.occurrence) return;
    const occurrence = wallToInstant(new Date(item.occurrence), zone);
    const rest = (e.recurrence_exceptions ?? []).filter((x) => new Date(x.occurrence).getTime() !== new Date(occurrence).getTime());
    const recurrence_exceptions = [...rest, { occurrence, cancelled: true }];
    patchCachedEvent(e.id, { recurrence_exceptions });
    updateEvent(e.id, { recurrence_exceptions }).catch(failed);
  };

  const remove = (e: CalendarEvent) => {
    deleteEvent(e.id).then(invalidateEvents).catch(failed);
  };

  return { canEdit, reschedule, cancelOccurrence, remove };
}
