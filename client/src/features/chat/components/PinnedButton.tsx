import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Pin } from "lucide-react";
import { Button } from "../../../ui/button";
import { cn } from "../../../lib/utils";
import { Popover, PopoverContent, PopoverTrigger } from "../../../ui/popover";
import { Spinner } from "../../../ui/spinner";
import { SimpleTooltip } from "../../../ui/tooltip";
import { usePins, usePinsLive } from "../keep";
import { KeptMessageItem } from "./KeptMessageItem";

/** The channel header's Pinned button with its count, opening the channel's pinned messages (docs/messages.md, "Pinned"). */
export function PinnedButton({ channelId }: { channelId: number }) {
  const pins = usePins(channelId);
  usePinsLive(channelId);
  const [open, setOpen] = useState(false);
  const [, setParams] = useSearchParams();
  const count = pins.data?.length ?? 0;
  // A phone's channel header has room for little besides the name: the button shows once something is pinned.
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <SimpleTooltip label="Pinned messages" side="bottom">
        <PopoverTrigger asChild>
          <Button variant="outline" size="sm" className={cn("h-8 gap-1 px-2 text-muted-foreground sm:gap-1.5 sm:px-2.5", count === 0 && "max-sm:hidden")} aria-label={`Pinned messages: ${count}`}>
            <Pin />
            <span className="tabular-nums" data-testid="pinned-count">
              {count}
            </span>
          </Button>
        </PopoverTrigger>
      </SimpleTooltip>
      <PopoverContent className="w-96 p-2">
        <h2 className="px-3 pt-1 pb-2 text-sm font-semibold">Pinned</h2>
        {pins.isPending ? (
          <Spinner />
        ) : count === 0 ? (
          <p className="px-3 pb-3 text-sm text-muted-foreground">Nothing is pinned in this channel yet. Pin a message from its actions.</p>
        ) : (
          <ul aria-label="Pinned messages" className="scrollbar-thin grid max-h-96 gap-px overflow-y-auto">
            {pins.data!.map((m) => (
              <KeptMessageItem
                key={m.id}
                message={m}
                onOpen={() => {
                  setOpen(false);
                  setParams({ channel: String(m.channel_id), message: String(m.id) });
                }}
              />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
