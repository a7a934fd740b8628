import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../../../ui/sheet";
import { Spinner } from "../../../ui/spinner";
import { useSaved } from "../keep";
import { KeptMessageItem } from "./KeptMessageItem";

/** One's saved messages, newest first, each opening in its channel (docs/messages.md, "Saved"). */
export function SavedPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const saved = useSaved(open);
  const navigate = useNavigate();
  // Asked again each time it opens: a message deleted or a channel left since is gone from it.
  const { refetch } = saved;
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
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
                  onOpenChange(false);
                  navigate(`/Chat?channel=${k.message.channel_id}&message=${k.message.id}`);
                }}
              />
            ))}
          </ul>
        )}
      </SheetContent>
    </Sheet>
  );
}
