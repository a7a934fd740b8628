import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Bookmark } from "lucide-react";
import { Button } from "../../../ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../../../ui/sheet";
import { Spinner } from "../../../ui/spinner";
import { SimpleTooltip } from "../../../ui/tooltip";
import { useSaved } from "../keep";
import { KeptMessageItem } from "./KeptMessageItem";

/** The Saved panel: one's own saved messages, newest first, each opening in its channel (docs/messages.md, "Saved"). */
export function SavedButton() {
  const [open, setOpen] = useState(false);
  // Asked again each time it opens: a message deleted or a channel left since is gone from it.
  const saved = useSaved(open);
  const [, setParams] = useSearchParams();
  return (
    <>
      <SimpleTooltip label="Saved" side="bottom">
        <Button variant="ghost" size="icon-sm" aria-label="Saved messages" onClick={() => setOpen(true)} className="text-muted-foreground">
          <Bookmark />
        </Button>
      </SimpleTooltip>
      <Sheet open={open} onOpenChange={(next) => (setOpen(next), next && void saved.refetch())}>
        <SheetContent side="right" className="w-full p-3 sm:max-w-md">
          <SheetTitle className="px-3 pt-1 text-base font-semibold">Saved</SheetTitle>
          <SheetDescription className="px-3 text-xs text-muted-foreground">Messages you saved for later. Only you see this list.</SheetDescription>
          {saved.isPending ? (
            <Spinner />
          ) : !saved.data?.length ? (
            <p className="px-3 py-6 text-sm text-muted-foreground">Nothing saved yet. Save a message from its actions to find it here.</p>
          ) : (
            <ul aria-label="Saved messages" className="scrollbar-thin mt-2 grid gap-px overflow-y-auto">
              {saved.data.map((k) => (
                <KeptMessageItem
                  key={k.message.id}
                  message={k.message}
                  where={`#${k.channel_name}`}
                  onOpen={() => {
                    setOpen(false);
                    setParams({ channel: String(k.message.channel_id), message: String(k.message.id) });
                  }}
                />
              ))}
            </ul>
          )}
        </SheetContent>
      </Sheet>
    </>
  );
}
