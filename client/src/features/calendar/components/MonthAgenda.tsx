import { eachDayOfInterval, endOfMonth, format, isToday, startOfMonth } from "date-fns";
import { CalendarX2, CheckSquare, Repeat } from "lucide-react";
import { cn } from "../../../lib/utils";
import { itemClass, itemsOn, type CalendarItem } from "../items";

interface Props {
  anchor: Date;
  items: CalendarItem[];
  onOpen: (item: CalendarItem) => void;
  onShowDay: (day: Date) => void;
}

/**
 * The month on a narrow screen: a seven-column grid leaves a chip a few letters ("Pr…"), so
 * phones get the month's days that have something, each item with its time and full title.
 */
export function MonthAgenda({ anchor, items, onOpen, onShowDay }: Props) {
  const days = eachDayOfInterval({ start: startOfMonth(anchor), end: endOfMonth(anchor) })
    .map((day) => ({ day, items: itemsOn(items, day) }))
    .filter((d) => d.items.length > 0);
  if (days.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
        <CalendarX2 className="size-5" />
        Nothing in {format(anchor, "MMMM")}
      </div>
    );
  }
  return (
    <section aria-label="Agenda" className="overflow-hidden rounded-xl border">
      {days.map(({ day, items: onDay }) => (
        <div key={day.toISOString()} data-agenda-day={format(day, "yyyy-MM-dd")} className="border-b last:border-b-0">
          <button
            type="button"
            onClick={() => onShowDay(day)}
            className={cn("flex w-full items-center gap-2 bg-muted/40 px-3 py-1.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase", isToday(day) && "text-primary")}
          >
            {format(day, "EEE, MMMM d")}
            {isToday(day) && <span className="rounded-full bg-primary px-1.5 py-px text-[10px] text-primary-foreground normal-case">Today</span>}
          </button>
          <ul className="divide-y">
            {onDay.map((i) => (
              <li key={i.key}>
                <button type="button" data-item={i.title} onClick={() => onOpen(i)} className="flex w-full items-start gap-3 px-3 py-2.5 text-left hover:bg-muted/40">
                  <span className="w-16 shrink-0 pt-px text-xs text-muted-foreground tabular-nums">{i.allDay ? "All day" : format(i.start, "h:mm a")}</span>
                  <span className={cn("mt-0.5 h-4 w-1 shrink-0 rounded-full border", itemClass(i))} />
                  <span className="min-w-0 flex-1 text-sm font-medium break-words">{i.title}</span>
                  {i.kind === "task" && <CheckSquare className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-label="Task" />}
                  {i.event?.recurrence_rule && <Repeat className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-label="Repeats" />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
