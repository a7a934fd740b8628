// The channel header's notification level (docs/notifications.md): All messages, Mentions only
// or Muted. Without a level of its own a channel follows the profile's preference, which the
// trigger says as "Default".
import { Bell, BellOff, BellRing } from "lucide-react";
import type { ChannelNotifyLevel } from "@shared/entities";
import { Button } from "../../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "../../ui/dropdown-menu";
import { SimpleTooltip } from "../../ui/tooltip";
import { toast } from "../../ui/notifications";
import { useChannelLevels, useSetChannelLevel } from "./channelLevels";

const LABELS: Record<ChannelNotifyLevel, string> = { all: "All messages", mentions: "Mentions only", muted: "Muted" };

export function ChannelNotifyMenu({ channelId }: { channelId: number }) {
  const level = useChannelLevels()[channelId];
  const set = useSetChannelLevel();
  const Icon = level === "muted" ? BellOff : level === "all" ? BellRing : Bell;
  const label = `Notifications: ${level ? LABELS[level] : "Default"}`;
  return (
    <DropdownMenu>
      <SimpleTooltip label={label} side="bottom">
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={label} className="text-muted-foreground">
            <Icon />
          </Button>
        </DropdownMenuTrigger>
      </SimpleTooltip>
      <DropdownMenuContent align="end" className="min-w-48">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={level ?? ""}
          onValueChange={(v) =>
            set.mutate(
              { channel_id: channelId, level: v as ChannelNotifyLevel },
              { onError: (err) => toast({ title: "Could not change notifications", description: err.message, variant: "destructive" }) },
            )
          }
        >
          {(Object.keys(LABELS) as ChannelNotifyLevel[]).map((l) => (
            <DropdownMenuRadioItem key={l} value={l}>
              {LABELS[l]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
