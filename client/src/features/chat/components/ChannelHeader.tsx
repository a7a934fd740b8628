import { ChevronLeft, LogIn, LogOut, Trash, Users, Webhook } from "lucide-react";
import type { Channel } from "@shared/entities";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { SimpleTooltip } from "../../../ui/tooltip";
import { ChannelIcon } from "./ChannelIcon";
import { ChannelNotifyMenu } from "../../notifications/ChannelNotifyMenu";
import { FavouriteButton } from "./FavouriteButton";
import { PinnedButton } from "./PinnedButton";

interface Props {
  channel: Channel;
  /** What this person calls it (a dm: the other person's name). */
  title: string;
  canDelete: boolean;
  canLeave: boolean;
  canJoin: boolean;
  joining: boolean;
  onMembers: () => void;
  /** Opens the channel's incoming webhooks; absent for those who may not manage them. */
  onIntegrations?: () => void;
  onJoin: () => void;
  onLeave: () => void;
  onDelete: () => void;
  onBack?: () => void;
}

export function ChannelHeader({ channel, title, canDelete, canLeave, canJoin, joining, onMembers, onIntegrations, onJoin, onLeave, onDelete, onBack }: Props) {
  const count = channel.members?.length ?? 0;
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
          <h1 className="truncate text-[15px] font-semibold tracking-tight">{title}</h1>
          {channel.description && <p className="truncate text-xs text-muted-foreground">{channel.description}</p>}
        </div>
      </div>
      <FavouriteButton channel={channel} />
      {canJoin && (
        <Button size="sm" onClick={onJoin} disabled={joining}>
          {joining ? <Spinner className="text-primary-foreground" /> : <LogIn />}
          Join channel
        </Button>
      )}
      {/* A level is a member's: someone looking into a public channel has none to set. */}
      {!canJoin && <ChannelNotifyMenu channelId={channel.id} />}
      <PinnedButton channelId={channel.id} />
      {/* A dm's two people are fixed: there is nobody to add, remove or list. */}
      {channel.type !== "dm" && (
        <SimpleTooltip label="Members" side="bottom">
          <Button variant="outline" size="sm" onClick={onMembers} className="h-8 gap-1.5 px-2.5 text-muted-foreground">
            <Users />
            <span className="tabular-nums">{count}</span>
            <span className="sr-only">{count === 1 ? "member" : "members"}</span>
          </Button>
        </SimpleTooltip>
      )}
      {onIntegrations && (
        <SimpleTooltip label="Integrations" side="bottom">
          <Button variant="ghost" size="icon-sm" onClick={onIntegrations} aria-label="Integrations" className="text-muted-foreground">
            <Webhook />
          </Button>
        </SimpleTooltip>
      )}
      {canLeave && (
        <SimpleTooltip label="Leave channel" side="bottom">
          <Button variant="ghost" size="icon-sm" onClick={onLeave} aria-label="Leave channel" className="text-muted-foreground">
            <LogOut />
          </Button>
        </SimpleTooltip>
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
