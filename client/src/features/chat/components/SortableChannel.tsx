// A channel row that moves by drag and drop (docs/channels.md, "Sidebar"): the mouse drags the
// row itself; the keyboard picks it up with Space or Enter on the grip that shows on focus, moves
// it with the arrow keys and drops it with Space (dnd-kit's keyboard sensor, which also announces
// each step to screen readers).
import type { ReactNode } from "react";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import type { RowDrag } from "./ChannelListItem";

export const channelDragId = (channelId: number) => `ch:${channelId}`;

interface Props {
  channelId: number;
  sectionId: number;
  title: string;
  render: (drag: RowDrag) => ReactNode;
}

export function SortableChannel({ channelId, sectionId, title, render }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: channelDragId(channelId),
    data: { kind: "channel", channelId, sectionId },
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      aria-roledescription="movable channel"
      aria-label={`Move ${title}`}
      onKeyDown={listeners?.onKeyDown as React.KeyboardEventHandler | undefined}
      className="absolute top-1/2 left-0 flex h-6 w-3 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground opacity-0 outline-none focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50 pointer-coarse:hidden"
    >
      <GripVertical aria-hidden className="size-3" />
    </button>
  );
  return render({
    ref: setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition },
    onMouseDown: listeners?.onMouseDown as RowDrag["onMouseDown"],
    handle,
    dragging: isDragging,
  });
}
