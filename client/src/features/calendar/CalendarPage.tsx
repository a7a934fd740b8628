import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { addDays, addMinutes, addMonths, addWeeks, endOfWeek, format, isSameMonth, startOfDay, startOfWeek } from "date-fns";
import { Plus } from "lucide-react";
import type { CalendarEvent, Task } from "@shared/entities";
import { useSessionStore } from "../auth/store";
import { useDatedTasks } from "../tasks/api";
import { TaskDetailDialog } from "../tasks/TaskDetailDialog";
import { PageLayout } from "../../ui/PageLayout";
import { Button } from "../../ui/button";
import { Skeleton } from "../../ui/skeleton";
import { useApprovedTimeOff, useMyEvents } from "./api";
import { buildItems, type CalendarItem } from "./items";
import { HOUR_PX, type Zone } from "./time";
import { useCalendarActions } from "./useCalendarActions";
import { CalendarToolbar, type CalendarView } from "./components/CalendarToolbar";
import { MonthView, monthRange } from "./components/MonthView";
import { MonthAgenda } from "./components/MonthAgenda";
import { TimeGridView } from "./components/TimeGridView";
import { EventDetailDialog } from "./components/EventDetailDialog";
import { EventFormDialog } from "./components/EventFormDialog";
import { UpcomingPanel } from "./components/UpcomingPanel";
import { FeedDialog } from "./components/FeedDialog";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useIsMobile } from "../../lib/useMediaQuery";

const VIEW_KEY = "calendar_view";
const UPCOMING_DAYS = 14;
const SNAP_MINUTES = 15;
const snap = (px: number) => Math.round(((px / HOUR_PX) * 60) / SNAP_MINUTES) * SNAP_MINUTES;

function rangeOf(view: CalendarView, anchor: Date): { from: Date; to: Date; days: Date[] } {
  if (view === "month") return { ...monthRange(anchor), days: [] };
  if (view === "week") {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 7), days: Array.from({ length: 7 }, (_, i) => addDays(from, i)) };
  }
  const from = startOfDay(anchor);
  return { from, to: addDays(from, 1), days: [from] };
}

function labelOf(view: CalendarView, anchor: Date): string {
  if (view === "month") return format(anchor, "MMMM yyyy");
  if (view === "day") return format(anchor, "EEEE, MMMM d, yyyy");
  const s = startOfWeek(anchor);
  const e = endOfWeek(anchor);
  return isSameMonth(s, e) ? `${format(s, "MMMM d")} – ${format(e, "d, yyyy")}` : `${format(s, "MMM d")} – ${format(e, "MMM d, yyyy")}`;
}

export default function CalendarPage() {
  const me = useSessionStore((s) => s.user);
  const zone: Zone = useMemo(() => ({ profile: (me as { time_zone?: string | null } | null)?.time_zone ?? null }), [me]);
  const navigate = useNavigate();
  const events = useMyEvents(zone.profile);
  const tasks = useDatedTasks(me?.email);
  const timeOff = useApprovedTimeOff(me?.email);
  const actions = useCalendarActions(zone);
  const [view, setViewState] = useState<CalendarView>(() => (localStorage.getItem(VIEW_KEY) as CalendarView | null) ?? "month");
  const [anchor, setAnchor] = useState(() => new Date());
  const [open, setOpen] = useState<CalendarItem | null>(null);
  const [openTask, setOpenTask] = useState<Task | null>(null);
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const [form, setForm] = useState<{ event: CalendarEvent | null; startAt: Date | null } | null>(null);
  const narrow = useIsMobile();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));

  const setView = (v: CalendarView) => {
    localStorage.setItem(VIEW_KEY, v);
    setViewState(v);
  };
  const step = (dir: 1 | -1) => setAnchor((a) => (view === "month" ? addMonths(a, dir) : view === "week" ? addWeeks(a, dir) : addDays(a, dir)));
  const { from, to, days } = rangeOf(view, anchor);
  const items = useMemo(() => buildItems(events.data ?? [], tasks.data ?? [], timeOff.data ?? [], from, to, zone), [events.data, tasks.data, timeOff.data, from.getTime(), to.getTime(), zone]); // eslint-disable-line react-hooks/exhaustive-deps
  const now = new Date();
  const upcoming = useMemo(
    () => buildItems(events.data ?? [], [], [], now, addDays(now, UPCOMING_DAYS), zone).filter((i) => i.kind === "event" && i.start >= addMinutes(now, -60)),
    [events.data, zone, Math.floor(now.getTime() / 60_000)], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const upcomingTasks = useMemo(() => {
    const today = format(new Date(), "yyyy-MM-dd");
    return (tasks.data ?? []).filter((t) => t.due_date && t.due_date >= today).sort((a, b) => a.due_date!.localeCompare(b.due_date!));
  }, [tasks.data]);

  const canDrag = (i: CalendarItem) => i.kind === "event" && actions.canEdit(i.event);
  const openItem = (i: CalendarItem) => (i.task ? setOpenTask(i.task) : i.event ? setOpen(i) : undefined);
  const join = (e: CalendarEvent) => navigate(`/Meet?meetingId=${encodeURIComponent(e.meeting_id ?? "")}`, { state: { from: "/Calendar" } });

  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    const item = active.data.current?.item as CalendarItem | undefined;
    if (!item) return;
    const length = item.end.getTime() - item.start.getTime();
    if (String(active.id).startsWith("resize:")) {
      const end = addMinutes(item.end, snap(delta.y));
      if (end.getTime() !== item.end.getTime()) actions.reschedule(item, item.start, end > item.start ? end : addMinutes(item.start, SNAP_MINUTES));
      return;
    }
    const day = (over?.data.current?.day as Date | undefined) ?? startOfDay(item.start);
    const sameTime = new Date(day.getFullYear(), day.getMonth(), day.getDate(), item.start.getHours(), item.start.getMinutes());
    const start = view === "month" ? sameTime : addMinutes(sameTime, snap(delta.y));
    if (start.getTime() !== item.start.getTime()) actions.reschedule(item, start, new Date(start.getTime() + length));
  };

  const loading = events.isPending || tasks.isPending;
  return (
    <PageLayout
      title="Calendar"
      description="Your events, meetings and due dates."
      width="6xl"
      actions={
        <>
          <FeedDialog />
          <Button onClick={() => setForm({ event: null, startAt: null })}>
            <Plus />
            New Event
          </Button>
        </>
      }
    >
      <CalendarToolbar label={labelOf(view, anchor)} view={view} onView={setView} onPrev={() => step(-1)} onNext={() => step(1)} onToday={() => setAnchor(new Date())} />
      {loading ? (
        <Skeleton className="h-[32rem] rounded-xl" />
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          {view === "month" && narrow ? (
            <MonthAgenda
              anchor={anchor}
              items={items}
              onOpen={openItem}
              onShowDay={(d) => {
                setAnchor(d);
                setView("day");
              }}
            />
          ) : view === "month" ? (
            <MonthView
              anchor={anchor}
              items={items}
              canDrag={canDrag}
              onOpen={openItem}
              onShowDay={(d) => {
                setAnchor(d);
                setView("day");
              }}
            />
          ) : (
            <TimeGridView days={days} items={items} canDrag={canDrag} onOpen={openItem} onCreateAt={(start) => setForm({ event: null, startAt: start })} />
          )}
        </DndContext>
      )}
      <UpcomingPanel upcoming={upcoming} tasks={upcomingTasks} onOpen={openItem} onOpenTask={setOpenTask} onJoin={join} />
      <EventDetailDialog
        item={open}
        canEdit={actions.canEdit(open?.event)}
        onClose={() => setOpen(null)}
        onEdit={(e) => {
          setOpen(null);
          setForm({ event: e, startAt: null });
        }}
        onJoin={join}
        onDelete={(e) => {
          setOpen(null);
          setDeleting(e);
        }}
        onCancelOccurrence={(i) => {
          setOpen(null);
          actions.cancelOccurrence(i);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete event"
        description={deleting?.recurrence_rule ? "Are you sure you want to delete every occurrence of this event?" : "Are you sure you want to delete this event?"}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) actions.remove(deleting);
          setDeleting(null);
        }}
      />
      <TaskDetailDialog task={openTask} onClose={() => setOpenTask(null)} onEdit={() => navigate("/Tasks")} />
      <EventFormDialog open={!!form} event={form?.event ?? null} startAt={form?.startAt ?? null} zone={zone} onClose={() => setForm(null)} />
    </PageLayout>
  );
}
