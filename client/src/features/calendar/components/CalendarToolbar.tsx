import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../ui/button";
import { cn } from "../../../lib/utils";

export type CalendarView = "month" | "week" | "day";
const VIEWS: { value: CalendarView; label: string }[] = [
  { value: "month", label: "Month" },
  { value: "week", label: "Week" },
  { value: "day", label: "Day" },
];

interface Props {
  label: string;
  view: CalendarView;
  onView: (v: CalendarView) => void;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
}

export function CalendarToolbar({ label, view, onView, onPrev, onNext, onToday }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon-sm" aria-label="Previous" onClick={onPrev}>
          <ChevronLeft />
        </Button>
        <Button variant="outline" size="icon-sm" aria-label="Next" onClick={onNext}>
          <ChevronRight />
        </Button>
        <Button variant="outline" size="sm" onClick={onToday}>
          Today
        </Button>
      </div>
      <h2 className="order-first w-full truncate text-lg font-semibold sm:order-none sm:w-auto sm:min-w-0 sm:flex-1" aria-live="polite" data-calendar-label>
        {label}
      </h2>
      <div role="group" aria-label="View" className="flex rounded-lg bg-muted p-0.5">
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            aria-pressed={view === v.value}
            onClick={() => onView(v.value)}
            className={cn("h-7 rounded-md px-3 text-[13px] font-medium", view === v.value ? "bg-background shadow-xs" : "text-muted-foreground hover:text-foreground")}
          >
            {v.label}
          </button>
        ))}
      </div>
    </div>
  );
}
