// The sidebar's sections without dragging (docs/channels.md, "Sidebar"): what shows at first paint,
// before the drag-and-drop code has loaded (docs/benchmarks.md, "Cold load"), and while searching
// or filtering, when the lists shown are not whole.
import type { SidebarSectionsProps } from "./sidebarSectionsProps";
import { SectionFrame } from "./SectionFrame";

export function StaticSections({ views, still, renderItem, onToggle, onSort, onRename, onDelete }: SidebarSectionsProps) {
  return views.map((view) => (
    <SectionFrame
      key={view.section.id}
      view={view}
      still={still}
      onToggle={() => onToggle(view.section.id, !view.section.collapsed)}
      onSort={(sort) => onSort(view.section.id, sort)}
      onRename={() => onRename(view.section.id)}
      onDelete={() => onDelete(view.section.id)}
    >
      {view.items.map((item) => renderItem(item, view.section.id))}
    </SectionFrame>
  ));
}
