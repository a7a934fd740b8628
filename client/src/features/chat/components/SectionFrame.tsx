// How one sidebar section looks (docs/channels.md, "Sidebar"): its header (collapse, its menu) and
// its channels. Dragging is added by ./SidebarSectionBlock.tsx once the page has painted; until
// then, and while searching or filtering, the same frame shows without it.
import type { CSSProperties, ReactNode, Ref } from "react";
import { ChevronRight } from "lucide-react";
import type { SidebarSort } from "@shared/sidebar";
import { cn } from "../../../lib/utils";
import type { SectionView } from "../sidebarOrder";
import { SectionMenu } from "./SectionMenu";

/** What dragging a section and dropping on it need; absent where nothing moves. */
export interface SectionDnd {
  ref: Ref<HTMLElement>;
  style: CSSProperties;
  dragging: boolean;
  zoneRef: Ref<HTMLDivElement>;
  zoneOver: boolean;
  onHeaderMouseDown?: React.MouseEventHandler;
  /** The keyboard's way to move the section. */
  grip?: ReactNode;
}

export interface SectionActions {
  onToggle: () => void;
  onSort: (sort: SidebarSort) => void;
  onRename: () => void;
  onDelete: () => void;
}

interface Props extends SectionActions {
  view: SectionView;
  /** While searching or filtering, nothing is dropped here. */
  still: boolean;
  dnd?: SectionDnd;
  children: ReactNode;
}

export function SectionFrame({ view, still, dnd, onToggle, onSort, onRename, onDelete, children }: Props) {
  const { section, items } = view;
  const listId = `sidebar-section-${section.id}`;
  return (
    <section ref={dnd?.ref} style={dnd?.style} aria-label={section.name} data-section={section.name} className={cn("group/section relative mt-2 first:mt-0", dnd?.dragging && "z-10 opacity-60")}>
      <div ref={dnd?.zoneRef} className={cn("rounded-md", dnd?.zoneOver && "bg-primary/10 ring-1 ring-primary/40")}>
        <div className="relative flex items-center gap-0.5 pr-1" onMouseDown={dnd?.onHeaderMouseDown}>
          {dnd?.grip}
          <button
            type="button"
            onClick={onToggle}
            disabled={section.id < 0}
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
        {!section.collapsed && (
          <ul id={listId} aria-label={section.name} className="grid min-h-2 gap-px">
            {children}
            {items.length === 0 && !still && <li className="px-2 py-1 text-xs text-muted-foreground">Drag channels here</li>}
          </ul>
        )}
      </div>
    </section>
  );
}
