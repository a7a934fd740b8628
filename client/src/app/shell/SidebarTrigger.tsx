import { PanelLeft } from "lucide-react";
import { Button } from "../../ui/button";
import { Kbd } from "../../ui/kbd";
import { SimpleTooltip } from "../../ui/tooltip";
import { useSidebar } from "./sidebarContext";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function SidebarTrigger() {
  const { toggle, isMobile } = useSidebar();
  return (
    <SimpleTooltip
      side="bottom"
      hidden={isMobile}
      label={
        <>
          Toggle sidebar <Kbd className="border-background/20 bg-background/15 text-background">{isMac ? "⌘" : "Ctrl"}</Kbd>
          <Kbd className="border-background/20 bg-background/15 text-background">B</Kbd>
        </>
      }
    >
      <Button variant="ghost" size="icon-sm" onClick={toggle} aria-label="Toggle sidebar" className="-ml-1 text-muted-foreground">
        <PanelLeft />
      </Button>
    </SimpleTooltip>
  );
}
