import { ChevronLeft, Trash, Users } from "lucide-react";
import type { Channel } from "@shared/entities";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { ChannelIcon } from "./ChannelIcon";

interface Props {
  channel: Channel;
  canDelete: boolean;
  onDelete: () => void;
  onBack?: () => void;
}

export function ChannelHeader({ channel, canDelete, onDelete, onBack }: Props) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b px-3 md:px-5">
      {onBack && (
        <Button variant="ghost" size="icon-sm" onClick={onBack} aria-label="Back to channels" className="-ml-1">
          <ChevronLeft />
        </Button>
      )}
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <div className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <ChannelIcon type={channel.type} />
        </div>
        <div className="grid min-w-0 leading-tight">
          <h1 className="truncate text-[15px] font-semibold tracking-tight">{channel.name}</h1>
          {channel.description && <p className="truncate text-xs text-muted-foreground">{channel.description}</p>}
        </div>
      </div>
      {channel.type !== "public" && channel.members?.length > 0 && (
        <span className="hidden items-center gap-1.5 rounded-md border px-2 py-1 text-xs text-muted-foreground sm:inline-flex">
          <Users className="size-3.5" />
          {channel.members.length}
        </span>
      )}
      {canDelete && (
        <SimpleTooltip label="Delete channel" side="bottom">
          <Button variant="ghost" size="icon-sm" onClick={onDelete} aria-label="Delete channel" className="text-muted-foreground hover:text-destructive">
            <Trash />
          </Button>
        </SimpleTooltip>
      )}
    </header>
  );
}
