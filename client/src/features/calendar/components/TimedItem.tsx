import type { CSSProperties } from "react";
import { useDraggable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { format } from "date-fns";
import { Repeat } from "lucide-react";
import { cn } from "../../../lib/utils";
import { itemClass, type CalendarItem } from "../items";

interface Props {
  item: CalendarItem;
  top: number;
  height: number;
  lane: number;
  lanes: number;
  draggable: boolean;
  onOpen: (item: CalendarItem) => void;
}

/** An item placed on the hour grid: drag the body to move it, drag the bottom edge to resize it. */
export function TimedItem({ item, top, height, lane, lanes, draggable, onOpen }: Props) {
  const move = useDraggable({ id: `move:${item.key}`, data: { item }, disabled: !draggable });
  const resize = useDraggable({ id: `resize:${item.key}`, data: { item }, disabled: !draggable });
  const grow = resize.transform?.y ?? 0;
  const style: CSSProperties = {
    top,
    height: Math.max(18, height + grow),
    left: `calc(${(lane / lanes) * 100}% + 2px)`,
    width: `calc(${100 / lanes}% - 4px)`,
    transform: CSS.Translate.toString(move.transform),
  };
  return (
    <div
      ref={move.setNodeRef}
      style={style}
      data-item={item.title}
      data-kind={item.kind}
      className={cn("absolute z-[1] overflow-hidden rounded-md border text-[11.5px] leading-4 shadow-xs", itemClass(item), (move.isDragging || resize.isDragging) && "z-20 opacity-85 shadow-lg")}
    >
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={cn("flex h-full w-full flex-col items-start px-1.5 py-0.5 text-left", draggable && "cursor-grab touch-none active:cursor-grabbing")}
        // The same words as the visible text (WCAG 2.5.3), with the times even when the item is too short to show them.
        aria-label={`${item.title}, ${format(item.start, "h:mm a")} – ${format(item.end, "h:mm a")}`}
        {...(draggable ? { ...move.attributes, ...move.listeners } : {})}
      >
        <span className="flex w-full items-center gap-1 truncate font-medium">
          <span className="truncate">{item.title}</span>
          {item.event?.recurrence_rule && <Repeat className="size-3 shrink-0 opacity-60" />}
        </span>
        {/* A space between the two lines (a flex column draws none): the text reads "title time", like the label. */}
        {" "}
        {height >= 34 && (
          <span className="tabular-nums">
            {format(item.start, "h:mm a")} – {format(item.end, "h:mm a")}
          </span>
        )}
      </button>
      {draggable && item.kind === "event" && (
        <div
          ref={resize.setNodeRef}
          {...resize.attributes}
          {...resize.listeners}
          aria-label={`Change the end of ${item.title}`}
          className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize touch-none focus-visible:bg-primary/40 focus-visible:outline-none"
          data-resize-handle
        />
      )}
    </div>
  );
}
