// The sidebar's sections and their channels, moved by drag and drop (docs/channels.md, "Sidebar"):
// a channel dropped on another channel takes its place in that section (in a manually sorted one,
// at that spot), dropped on a section's header goes to its end; a section dragged by its header
// takes another's place. The mouse and the keyboard move them (a touch screen uses "Move to…",
// since a finger held on a row opens its menu). Loaded after the page's first paint, in its own
// chunk with dnd-kit (./ChannelSidebar.tsx; docs/benchmarks.md, "Cold load").
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  closestCenter,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { listIndex, reorderIds } from "../sidebarOrder";
import { SidebarSectionBlock, sectionDragId } from "./SidebarSectionBlock";
import { SortableChannel } from "./SortableChannel";
import type { SidebarSectionsProps } from "./sidebarSectionsProps";

type DragData = { kind: "channel"; channelId: number; sectionId: number } | { kind: "section"; sectionId: number } | { kind: "zone"; sectionId: number };

// A channel lands on a channel or a section's drop zone; a section only on another section.
const collisions: CollisionDetection = (args) => {
  const kind = (args.active.data.current as DragData | undefined)?.kind;
  const droppableContainers = args.droppableContainers.filter((c) => {
    const k = (c.data.current as DragData | undefined)?.kind;
    return kind === "section" ? k === "section" : k === "channel" || k === "zone";
  });
  return closestCenter({ ...args, droppableContainers });
};

export default function SidebarSections({ views, renderItem, onMove, onOrder, onToggle, onSort, onRename, onDelete }: SidebarSectionsProps) {
  const sensors = useSensors(
    // A few pixels of movement before a drag, so a click still opens the channel.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = active.data.current as DragData | undefined;
    const to = over?.data.current as DragData | undefined;
    if (!from || !to || active.id === over?.id) return;
    if (from.kind === "section") {
      const ids = views.map((v) => v.section.id).filter((id) => id > 0);
      const index = ids.indexOf(to.sectionId);
      if (index >= 0) onOrder(reorderIds(ids, from.sectionId, index));
      return;
    }
    if (from.kind !== "channel") return;
    const view = views.find((v) => v.section.id === to.sectionId);
    if (!view || view.section.id < 0) return;
    if (to.kind === "zone") {
      if (to.sectionId !== from.sectionId) onMove(from.channelId, to.sectionId);
      return;
    }
    if (to.kind !== "channel") return;
    const overIndex = view.items.findIndex((i) => i.channel.id === to.channelId);
    // Within a section sorted by name or activity the order is the sort's: only moving between sections counts.
    if (view.section.sort !== "manual") {
      if (to.sectionId !== from.sectionId) onMove(from.channelId, to.sectionId);
      return;
    }
    onMove(from.channelId, to.sectionId, listIndex(view, from.channelId, overIndex));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={collisions} onDragEnd={onDragEnd}>
      <SortableContext items={views.map((v) => sectionDragId(v.section.id))} strategy={verticalListSortingStrategy}>
        {views.map((view) => (
          <SidebarSectionBlock
            key={view.section.id}
            view={view}
            onToggle={() => onToggle(view.section.id, !view.section.collapsed)}
            onSort={(sort) => onSort(view.section.id, sort)}
            onRename={() => onRename(view.section.id)}
            onDelete={() => onDelete(view.section.id)}
          >
            {view.items.map((item) =>
              view.section.id < 0 ? (
                renderItem(item, view.section.id)
              ) : (
                <SortableChannel key={item.channel.id} channelId={item.channel.id} sectionId={view.section.id} title={item.title} render={(drag) => renderItem(item, view.section.id, drag)} />
              ),
            )}
          </SidebarSectionBlock>
        ))}
      </SortableContext>
    </DndContext>
  );
}
