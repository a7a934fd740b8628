import { useDroppable } from "@dnd-kit/core";
import { addDays, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, isToday, startOfMonth, startOfWeek } from "date-fns";
import { cn } from "../../../lib/utils";
import { itemsOn, type CalendarItem } from "../items";
import { ItemChip } from "./ItemChip";

/** The documented month view: at most 3 items a day, then '+N more'. */
const PER_DAY = 3;

interface Props {
  anchor: Date;
  items: CalendarItem[];
  canDrag: (item: CalendarItem) => boolean;
  onOpen: (item: CalendarItem) => void;
  onShowDay: (day: Date) => void;
}

export function monthRange(anchor: Date): { from: Date; to: Date } {
  return { from: startOfWeek(startOfMonth(anchor)), to: addDays(endOfWeek(endOfMonth(anchor)), 1) };
}

function DayCell({ day, anchor, items, canDrag, onOpen, onShowDay }: Omit<Props, "items"> & { day: Date; items: CalendarItem[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${format(day, "yyyy-MM-dd")}`, data: { day } });
  const shown = items.slice(0, PER_DAY);
  const more = items.length - shown.length;
  return (
    <div
      ref={setNodeRef}
      data-day={format(day, "yyyy-MM-dd")}
      className={cn("flex min-h-24 min-w-0 flex-col gap-0.5 border-r border-b p-1 sm:min-h-28", !isSameMonth(day, anchor) && "bg-muted/40", isOver && "bg-primary/8")}
    >
      <button
        type="button"
        onClick={() => onShowDay(day)}
        aria-label={format(day, "EEEE, MMMM d")}
        className={cn(
          "mb-0.5 flex size-6 items-center justify-center self-end rounded-full text-xs tabular-nums hover:bg-muted sm:self-start",
          !isSameMonth(day, anchor) && "text-muted-foreground",
          isToday(day) && "bg-primary font-semibold text-primary-foreground hover:bg-primary/90",
        )}
      >
        {format(day, "d")}
      </button>
      {shown.map((i) => (
        <ItemChip key={i.key} item={i} draggable={canDrag(i)} onOpen={onOpen} />
      ))}
      {more > 0 && (
        <button type="button" onClick={() => onShowDay(day)} className="px-1 text-left text-[11px] font-medium text-muted-foreground hover:text-foreground">
          +{more} more
        </button>
      )}
    </div>
  );
}

export function MonthView(props: Props) {
  const { from, to } = monthRange(props.anchor);
  const cells = eachDayOfInterval({ start: from, end: addDays(to, -1) });
  return (
    <div className="overflow-hidden rounded-xl border-t border-l">
      <div className="grid grid-cols-7 border-b bg-muted/40">
        {cells.slice(0, 7).map((d) => (
          <div key={d.toISOString()} className="border-r px-2 py-1.5 text-center text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
            <span className="sm:hidden">{format(d, "EEEEE")}</span>
            <span className="hidden sm:inline">{format(d, "EEE")}</span>
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {cells.map((d) => (
          <DayCell key={d.toISOString()} day={d} {...props} items={itemsOn(props.items, d)} />
        ))}
      </div>
    </div>
  );
}
