import { useState } from "react";
import { CalendarDays } from "lucide-react";
import { format } from "date-fns";
import type { CalendarEvent } from "@shared/entities";
import { parseDate } from "../../../lib/format";
import { useDashboardEvents } from "../api";
import { upcomingEvents } from "../windows";
import { CardRow } from "./CardRow";
import { DashboardCard } from "./DashboardCard";
import { EventDetailDialog } from "./EventDetailDialog";

export function EventsCard({ now }: { now: Date }) {
  const q = useDashboardEvents();
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const rows = upcomingEvents(q.data ?? [], now);
  return (
    <DashboardCard title="Upcoming Events" icon={CalendarDays} to="/Calendar" loading={q.isPending} error={q.isError} empty={rows.length === 0} emptyText="No events in the next 30 days.">
      {rows.map((e) => {
        const start = parseDate(e.start_datetime);
        return <CardRow key={e.id} title={e.title} meta={e.location ?? e.event_type} aside={start ? format(start, "MMM d, h:mm a") : ""} onClick={() => setOpen(e)} />;
      })}
      <EventDetailDialog event={open} onClose={() => setOpen(null)} />
    </DashboardCard>
  );
}
