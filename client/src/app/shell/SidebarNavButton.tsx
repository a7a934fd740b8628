import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils";
import { SimpleTooltip } from "../../ui/tooltip";
import { useSidebar } from "./sidebarContext";

interface Props {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  /** Rendered as the clickable element; a Link or a button. */
  render: (props: { className: string; children: ReactNode; "aria-current"?: "page" }) => ReactNode;
  badge?: ReactNode;
}

const base =
  "group/nav flex h-8 w-full items-center gap-2.5 overflow-hidden rounded-md px-2 text-[13.5px] font-medium text-sidebar-foreground outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring/50";

/** A sidebar row; collapsed to an icon it names itself through a tooltip instead. */
export function SidebarNavButton({ icon: Icon, label, active, render, badge }: Props) {
  const { open, isMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  const className = cn(
    base,
    active && "bg-sidebar-accent text-sidebar-accent-foreground [&_svg]:text-primary",
    collapsed && "justify-center px-0",
  );
  const children = (
    <>
      <Icon className="size-4 shrink-0 text-sidebar-muted transition-colors group-hover/nav:text-sidebar-accent-foreground" />
      <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
      {!collapsed && badge}
    </>
  );
  const element = render({ className, children, "aria-current": active ? "page" : undefined });
  return (
    <SimpleTooltip label={label} side="right" hidden={!collapsed}>
      {element}
    </SimpleTooltip>
  );
}
