// The star in a channel's header (docs/channels.md, "Sidebar"): favouriting moves the channel into
// one's Favourites section; unfavouriting sends it home, to Channels or Direct messages.
import { Star } from "lucide-react";
import type { Channel } from "@shared/entities";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { cn } from "../../../lib/utils";
import { useFavourite } from "../useFavourite";

export function FavouriteButton({ channel }: { channel: Pick<Channel, "id" | "type"> }) {
  const { favourite, toggle, ready } = useFavourite(channel);
  const label = favourite ? "Remove from favourites" : "Add to favourites";
  return (
    <SimpleTooltip label={label} side="bottom">
      <Button variant="ghost" size="icon-sm" aria-label={label} aria-pressed={favourite} disabled={!ready} onClick={toggle} className="text-muted-foreground pointer-coarse:size-11">
        <Star className={cn(favourite && "fill-amber-400 text-amber-500")} />
      </Button>
    </SimpleTooltip>
  );
}
