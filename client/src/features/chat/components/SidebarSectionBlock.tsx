// One sidebar section (docs/channels.md, "Sidebar"): its header (collapse, its menu, and a grip to
// move the section with the keyboard; the mouse drags the header) and its channels, which take
// drops from other sections even while collapsed or empty.
import type { ReactNode } from "react";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ChevronRight, GripVertical } from "lucide-react";
import type { SidebarSort } from "@shared/sidebar";
import { cn } from "../../../lib/utils";
import type { SectionView } from "../sidebarOrder";
import { SectionMenu } from "./SectionMenu";
import { channelDragId } from "./SortableChannel";

export const sectionDragId = (id: number) => `sec:${id}`;
export const sectionZoneId = (id: number) => `zone:${id}`;

interface Props {
  view: SectionView;
  /** While searching or filtering, a section's order is not changed by hand. */
  still: boolean;
  onToggle: () => void;
  onSort: (sort: SidebarSort) => void;
  onRename: () => void;
  onDelete: () => void;
  children: ReactNode;
}

export function SidebarSectionBlock({ view, still, onToggle, onSort, onRename, onDelete, children }: Props) {
  const { section, items } = view;
  const sortable = useSortable({ id: sectionDragId(section.id), data: { kind: "section", sectionId: section.id }, disabled: still || section.id < 0 });
  const zone = useDroppable({ id: sectionZoneId(section.id), data: { kind: "zone", sectionId: section.id } });
  const listId = `sidebar-section-${section.id}`;
  return (
    <section
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      aria-label={section.name}
      data-section={section.name}
      className={cn("group/section relative mt-2 first:mt-0", sortable.isDragging && "z-10 opacity-60")}
    >
      <div ref={zone.setNodeRef} className={cn("rounded-md", zone.isOver && "bg-primary/10 ring-1 ring-primary/40")}>
        <div className="relative flex items-center gap-0.5 pr-1" onMouseDown={sortable.listeners?.onMouseDown as React.MouseEventHandler | undefined}>
          {!still && section.id > 0 && (
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
          )}
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={!section.collapsed}
            aria-controls={listId}
            className="flex h-7 min-w-0 flex-1 items-center gap-1 rounded-md px-1 text-left text-[11px] font-semibold tracking-wide text-muted-foreground uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 pointer-coarse:h-11"
          >
            <ChevronRight aria-hidden className={cn("size-3.5 shrink-0 transition-transform", !section.collapsed && "rotate-90")} />
            <span className="truncate">{section.name}</span>
            {section.collapsed && items.length > 0 && <span className="ml-1 font-normal tabular-nums normal-case">({items.length})</span>}
          </button>
          {section.id > 0 && <SectionMenu section={section} onSort={onSort} onRename={onRename} onDelete={onDelete} />}
        </div>
        <SortableContext items={items.map((i) => channelDragId(i.channel.id))} strategy={verticalListSortingStrategy}>
          {!section.collapsed && (
            <ul id={listId} aria-label={section.name} className="grid min-h-2 gap-px">
              {children}
              {items.length === 0 && !still && <li className="px-2 py-1 text-xs text-muted-foreground/80">Drag channels here</li>}
            </ul>
          )}
        </SortableContext>
      </div>
    </section>
  );
}
