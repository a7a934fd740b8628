import { format, isToday, isTomorrow } from "date-fns";
import { CalendarDays, CheckSquare, Video } from "lucide-react";
import type { CalendarEvent, Task } from "@shared/entities";
import { Button } from "../../../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card";
import { cn } from "../../../lib/utils";
import { PriorityBadge } from "../../tasks/TaskBadges";
import { formatDue } from "../../tasks/dates";
import { itemClass, type CalendarItem } from "../items";

/** The documented six upcoming cards of each kind. */
const CARDS = 6;

interface Props {
  /** Event occurrences in the next 14 days, soonest first. */
  upcoming: CalendarItem[];
  tasks: Task[];
  onOpen: (item: CalendarItem) => void;
  onOpenTask: (task: Task) => void;
  onJoin: (e: CalendarEvent) => void;
}

const when = (d: Date) => `${isToday(d) ? "Today" : isTomorrow(d) ? "Tomorrow" : format(d, "EEE, MMM d")} · ${format(d, "h:mm a")}`;

export function UpcomingPanel({ upcoming, tasks, onOpen, onOpenTask, onJoin }: Props) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card className="gap-0 py-0">
        <CardHeader className="border-b py-4">
          <CardTitle>Upcoming Events</CardTitle>
        </CardHeader>
        <CardContent className="px-0">
          {upcoming.length === 0 ? (
            <p className="px-6 py-8 text-center text-sm text-muted-foreground">No events in the next 14 days</p>
          ) : (
            <ul className="max-h-96 divide-y overflow-y-auto" aria-label="Upcoming Events">
              {upcoming.map((i) => (
                <li key={i.key} className="flex items-center gap-3 px-4 py-2.5">
                  <span className={cn("h-8 w-1 shrink-0 rounded-full border", itemClass(i))} />
                  <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onOpen(i)}>
                    <p className="truncate text-sm font-medium">{i.title}</p>
                    <p className="text-xs text-muted-foreground">{when(i.start)}</p>
                  </button>
                  {i.event?.event_type === "meeting" && i.event.meeting_id && (
                    <Button size="sm" variant="outline" onClick={() => onJoin(i.event!)}>
                      <Video />
                      Join
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="grid content-start gap-6">
        {/* With no events the list above already says so; the cards have nothing to add. */}
        {upcoming.length > 0 && (
          <section aria-label="Upcoming event cards">
            <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold">
              <CalendarDays className="size-4 text-muted-foreground" />
              Next events
            </h2>
            <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
              {upcoming.slice(0, CARDS).map((i) => (
                <button key={i.key} type="button" onClick={() => onOpen(i)} className="rounded-xl border bg-card p-3 text-left shadow-xs hover:shadow-sm">
                  <p className="truncate text-sm font-medium">{i.title}</p>
                  <p className="mt-0.5 text-xs text-muted-foreground">{when(i.start)}</p>
                  {i.event?.location && <p className="mt-1 truncate text-xs text-muted-foreground">{i.event.location}</p>}
                </button>
              ))}
            </div>
          </section>
        )}
        <section aria-label="Upcoming task cards">
          <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <CheckSquare className="size-4 text-muted-foreground" />
            Upcoming tasks
          </h2>
          <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
            {tasks.slice(0, CARDS).map((t) => (
              <button key={t.id} type="button" onClick={() => onOpenTask(t)} className="rounded-xl border bg-card p-3 text-left shadow-xs hover:shadow-sm">
                <p className={cn("truncate text-sm font-medium", t.status === "done" && "line-through opacity-60")}>{t.title}</p>
                <div className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
                  Due {formatDue(t.due_date)}
                  <PriorityBadge priority={t.priority} />
                </div>
              </button>
            ))}
            {tasks.length === 0 && <p className="text-sm text-muted-foreground">No upcoming tasks.</p>}
          </div>
        </section>
      </div>
    </div>
  );
}
