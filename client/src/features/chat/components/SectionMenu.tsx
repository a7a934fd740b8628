// A sidebar section's menu (docs/channels.md, "Sidebar"): its sort, and for a section of one's own
// renaming and deleting it (its channels go back to Channels and Direct messages).
import { Ellipsis, Pencil, Trash } from "lucide-react";
import type { SidebarSection } from "@shared/entities";
import type { SidebarSort } from "@shared/sidebar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../ui/dropdown-menu";

export const SORT_LABELS: Record<SidebarSort, string> = { recent: "Recent activity", alpha: "Alphabetical", manual: "Manual" };

interface Props {
  section: SidebarSection;
  onSort: (sort: SidebarSort) => void;
  onRename: () => void;
  onDelete: () => void;
}

export function SectionMenu({ section, onSort, onRename, onDelete }: Props) {
  const own = section.kind === "custom";
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Section options for ${section.name}`}
        className="flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground opacity-0 outline-none group-focus-within/section:opacity-100 group-hover/section:opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50 data-[state=open]:opacity-100 pointer-coarse:size-11 pointer-coarse:opacity-100"
      >
        <Ellipsis className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="right" className="min-w-48">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={section.sort} onValueChange={(v) => onSort(v as SidebarSort)}>
          {(Object.keys(SORT_LABELS) as SidebarSort[]).map((s) => (
            <DropdownMenuRadioItem key={s} value={s} className="pointer-coarse:min-h-11">
              {SORT_LABELS[s]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {own && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onRename} className="pointer-coarse:min-h-11">
              <Pencil />
              Rename section
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={onDelete} className="pointer-coarse:min-h-11">
              <Trash />
              Delete section
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
