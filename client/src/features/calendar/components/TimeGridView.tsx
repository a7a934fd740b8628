import { useDroppable } from "@dnd-kit/core";
import { format, isToday, setHours, startOfDay } from "date-fns";
import { CalendarCheck2 } from "lucide-react";
import { cn } from "../../../lib/utils";
import { itemsOn, type CalendarItem } from "../items";
import { FIRST_HOUR, HOUR_PX, LAST_HOUR } from "../time";
import { ItemChip } from "./ItemChip";
import { TimedItem } from "./TimedItem";

interface Props {
  days: Date[];
  items: CalendarItem[];
  canDrag: (item: CalendarItem) => boolean;
  onOpen: (item: CalendarItem) => void;
  onCreateAt: (start: Date) => void;
}

const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR + 1 }, (_, i) => FIRST_HOUR + i);
const GRID_PX = HOURS.length * HOUR_PX;
const minutesFromTop = (d: Date, day: Date) => (d.getTime() - setHours(startOfDay(day), FIRST_HOUR).getTime()) / 60_000;

/** Side-by-side lanes for items that overlap in time. */
function lanesOf(items: CalendarItem[]): Map<string, { lane: number; lanes: number }> {
  const out = new Map<string, { lane: number; lanes: number }>();
  let cluster: CalendarItem[] = [];
  let clusterEnd = 0;
  const laneEnds: number[] = [];
  const flush = () => {
    const n = Math.max(1, ...cluster.map((i) => (out.get(i.key)?.lane ?? 0) + 1));
    for (const i of cluster) out.set(i.key, { lane: out.get(i.key)!.lane, lanes: n });
    cluster = [];
    laneEnds.length = 0;
  };
  for (const i of [...items].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    if (cluster.length && i.start.getTime() >= clusterEnd) flush();
    let lane = laneEnds.findIndex((end) => end <= i.start.getTime());
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = i.end.getTime();
    out.set(i.key, { lane, lanes: 1 });
    cluster.push(i);
    clusterEnd = Math.max(clusterEnd, i.end.getTime());
  }
  flush();
  return out;
}

function DayColumn({ day, items, canDrag, onOpen, onCreateAt, single }: Omit<Props, "days"> & { day: Date; single: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: `col:${format(day, "yyyy-MM-dd")}`, data: { day } });
  const timed = items.filter((i) => !i.allDay);
  const lanes = lanesOf(timed);
  return (
    <div
      ref={setNodeRef}
      data-column={format(day, "yyyy-MM-dd")}
      className={cn("relative border-r", isOver && "bg-primary/5")}
      style={{ height: GRID_PX }}
      onClick={(e) => {
        if (e.target !== e.currentTarget) return;
        const y = e.nativeEvent.offsetY;
        const hour = FIRST_HOUR + Math.floor(y / HOUR_PX);
        onCreateAt(setHours(startOfDay(day), hour));
      }}
    >
      {HOURS.map((h) => (
        <div key={h} className="pointer-events-none border-b border-border/60" style={{ height: HOUR_PX }} />
      ))}
      {timed.map((i) => {
        const top = Math.max(0, (minutesFromTop(i.start, day) / 60) * HOUR_PX);
        const bottom = Math.min(GRID_PX, (minutesFromTop(i.end, day) / 60) * HOUR_PX);
        if (bottom <= 0 || top >= GRID_PX) return null;
        const l = lanes.get(i.key) ?? { lane: 0, lanes: 1 };
        return <TimedItem key={i.key} item={i} top={top} height={bottom - top} lane={l.lane} lanes={l.lanes} draggable={canDrag(i)} onOpen={onOpen} />;
      })}
      {single && items.length === 0 && (
        <div className="pointer-events-none absolute inset-x-0 top-16 flex flex-col items-center gap-2 text-center text-muted-foreground">
          <CalendarCheck2 className="size-8 opacity-50" />
          <p className="text-base font-medium text-foreground">Nothing for Today!</p>
          <p className="text-sm">Click a time to add an event.</p>
        </div>
      )}
    </div>
  );
}

/** Week (8 columns: hours and 7 days) or day view, hourly from 6 AM to 11 PM. */
export function TimeGridView({ days, items, ...rest }: Props) {
  const cols = `3.5rem repeat(${days.length}, minmax(0, 1fr))`;
  const byDay = days.map((d) => itemsOn(items, d));
  const hasAllDay = byDay.some((list) => list.some((i) => i.allDay));
  return (
    <div className="overflow-hidden rounded-xl border">
      <div className="grid border-b bg-muted/40" style={{ gridTemplateColumns: cols }}>
        <div className="border-r" />
        {days.map((d) => (
          <div key={d.toISOString()} className="flex flex-col items-center border-r py-1.5 last:border-r-0">
            <span className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{format(d, days.length > 1 ? "EEE" : "EEEE")}</span>
            <span className={cn("flex size-7 items-center justify-center rounded-full text-sm font-semibold tabular-nums", isToday(d) && "bg-primary text-primary-foreground")}>{format(d, "d")}</span>
          </div>
        ))}
      </div>
      {hasAllDay && (
        <div className="grid border-b" style={{ gridTemplateColumns: cols }}>
          <div className="border-r px-1 py-1 text-right text-[10px] text-muted-foreground">all-day</div>
          {byDay.map((list, i) => (
            <div key={i} className="flex min-w-0 flex-col gap-0.5 border-r p-0.5 last:border-r-0">
              {list.filter((x) => x.allDay).map((x) => (
                <ItemChip key={x.key} item={x} draggable={false} onOpen={rest.onOpen} />
              ))}
            </div>
          ))}
        </div>
      )}
      <div className="max-h-[36rem] overflow-y-auto">
        <div className="grid" style={{ gridTemplateColumns: cols }}>
          <div className="border-r">
            {HOURS.map((h) => (
              <div key={h} className="relative pr-1.5 text-right text-[10.5px] text-muted-foreground tabular-nums" style={{ height: HOUR_PX }}>
                <span className="relative top-0.5">{format(setHours(new Date(2000, 0, 1), h), "h a")}</span>
              </div>
            ))}
          </div>
          {days.map((d, i) => (
            <DayColumn key={d.toISOString()} day={d} items={byDay[i]} single={days.length === 1} {...rest} />
          ))}
        </div>
      </div>
    </div>
  );
}
