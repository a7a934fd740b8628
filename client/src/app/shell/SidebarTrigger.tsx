import { PanelLeft } from "lucide-react";
import { Button } from "../../ui/button";
import { Kbd } from "../../ui/kbd";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../ui/tooltip";
import { useSidebar } from "./sidebarContext";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function SidebarTrigger() {
  const { toggle, isMobile } = useSidebar();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon-sm" onClick={toggle} aria-label="Toggle sidebar" className="-ml-1 text-muted-foreground">
          <PanelLeft />
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom" hidden={isMobile}>
        Toggle sidebar <Kbd className="border-background/20 bg-background/15 text-background">{isMac ? "⌘" : "Ctrl"}</Kbd>
        <Kbd className="border-background/20 bg-background/15 text-background">B</Kbd>
      </TooltipContent>
    </Tooltip>
  );
}
