// What the sidebar hands its sections, with dragging (./SidebarSections.tsx) or without (./StaticSections.tsx).
import type { ReactNode } from "react";
import type { SidebarSort } from "@shared/sidebar";
import type { SectionView, SidebarItem } from "../sidebarOrder";
import type { RowDrag } from "./ChannelListItem";

export interface SidebarSectionsProps {
  views: SectionView[];
  /** While searching or filtering: nothing moves (the lists shown are not whole). */
  still: boolean;
  renderItem: (item: SidebarItem, sectionId: number, drag?: RowDrag) => ReactNode;
  onMove: (channelId: number, sectionId: number, index?: number) => void;
  onOrder: (ids: number[]) => void;
  onToggle: (sectionId: number, collapsed: boolean) => void;
  onSort: (sectionId: number, sort: SidebarSort) => void;
  onRename: (sectionId: number) => void;
  onDelete: (sectionId: number) => void;
}
