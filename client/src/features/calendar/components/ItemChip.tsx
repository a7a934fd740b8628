import type { CSSProperties } from "react";
import { useDraggable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { format } from "date-fns";
import { CheckSquare, Repeat } from "lucide-react";
import { cn } from "../../../lib/utils";
import { itemClass, type CalendarItem } from "../items";

interface Props {
  item: CalendarItem;
  draggable: boolean;
  onOpen: (item: CalendarItem) => void;
}

/** One item in a month cell or the all-day row; events their creator may move are draggable. */
export function ItemChip({ item, draggable, onOpen }: Props) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `move:${item.key}`, data: { item }, disabled: !draggable });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform) };
  return (
    <button
      ref={setNodeRef}
      type="button"
      style={style}
      data-item={item.title}
      data-kind={item.kind}
      onClick={() => onOpen(item)}
      className={cn(
        "flex w-full min-w-0 items-center gap-1 rounded-md border px-1.5 py-0.5 text-left text-[11.5px] leading-4 font-medium",
        itemClass(item),
        draggable && "cursor-grab touch-none active:cursor-grabbing",
        isDragging && "z-20 opacity-80 shadow-lg",
      )}
      {...(draggable ? { ...attributes, ...listeners } : {})}
    >
      {item.kind === "task" && <CheckSquare className="size-3 shrink-0" />}
      {!item.allDay && <span className="hidden shrink-0 font-normal tabular-nums sm:inline">{format(item.start, "h:mma").toLowerCase().replace(":00", "")}</span>}
      <span className="truncate">{item.title}</span>
      {item.event?.recurrence_rule && <Repeat className="size-3 shrink-0 opacity-60" aria-label="Repeats" />}
    </button>
  );
}
