// The Saved entry in the shell's header (docs/messages.md, "Saved"): one's saved messages are not
// a channel's, so they are reachable from every page. The panel loads on the first click, so the
// first screen carries none of it.
import { lazy, Suspense, useState } from "react";
import { Bookmark } from "lucide-react";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";

const SavedPanel = lazy(() => import("./SavedPanel").then((m) => ({ default: m.SavedPanel })));

export function SavedButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <SimpleTooltip label="Saved" side="bottom">
        <Button variant="ghost" size="icon-sm" aria-label="Saved messages" onClick={() => (setUsed(true), setOpen(true))} className="text-muted-foreground">
          <Bookmark />
        </Button>
      </SimpleTooltip>
      {used && (
        <Suspense>
          <SavedPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
