// One sidebar section with dragging (docs/channels.md, "Sidebar"): the mouse drags it by its header
// and the keyboard by a grip shown on focus; its channels take drops from other sections even while
// collapsed or empty.
import type { ReactNode } from "react";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import type { SectionView } from "../sidebarOrder";
import { SectionFrame, type SectionActions } from "./SectionFrame";
import { channelDragId } from "./SortableChannel";

export const sectionDragId = (id: number) => `sec:${id}`;
export const sectionZoneId = (id: number) => `zone:${id}`;

interface Props extends SectionActions {
  view: SectionView;
  children: ReactNode;
}

export function SidebarSectionBlock({ view, children, ...actions }: Props) {
  const { section, items } = view;
  const sortable = useSortable({ id: sectionDragId(section.id), data: { kind: "section", sectionId: section.id }, disabled: section.id < 0 });
  const zone = useDroppable({ id: sectionZoneId(section.id), data: { kind: "zone", sectionId: section.id } });
  const grip =
    section.id > 0 ? (
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        aria-roledescription="movable section"
        aria-label={`Move section ${section.name}`}
        onKeyDown={sortable.listeners?.onKeyDown as React.KeyboardEventHandler | undefined}
        className="absolute top-1/2 -left-2 flex h-6 w-3 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground opacity-0 outline-none focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50 pointer-coarse:hidden"
      >
        <GripVertical aria-hidden className="size-3" />
      </button>
    ) : undefined;
  return (
    <SectionFrame
      view={view}
      still={false}
      {...actions}
      dnd={{
        ref: sortable.setNodeRef,
        style: { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition },
        dragging: sortable.isDragging,
        zoneRef: zone.setNodeRef,
        zoneOver: zone.isOver,
        onHeaderMouseDown: sortable.listeners?.onMouseDown as React.MouseEventHandler | undefined,
        grip,
      }}
    >
      <SortableContext items={items.map((i) => channelDragId(i.channel.id))} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </SectionFrame>
  );
}
