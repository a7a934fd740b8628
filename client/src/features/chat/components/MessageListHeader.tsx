import type { Channel } from "@shared/entities";
import { ChannelIcon } from "./ChannelIcon";
import { LoadOlderButton } from "./LoadOlderButton";

interface Props {
  channel: Channel;
  height: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** The top of the list: a way back in time, or the channel's beginning once everything is loaded. */
export function MessageListHeader({ channel, height, hasOlder, loadingOlder, onLoadOlder }: Props) {
  if (height === 0) return null;
  return (
    <div className="absolute top-0 left-0 w-full" style={{ height }}>
      {hasOlder ? (
        // At the bottom: the band above is where "Jump to first unread" floats (MessageList).
        <div className="flex h-full items-end justify-center pb-3">
          <LoadOlderButton label="Load older messages" loading={loadingOlder} onClick={onLoadOlder} />
        </div>
      ) : (
        <div className="flex h-full flex-col justify-end px-5 pb-3">
          <div className="mb-3 flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <ChannelIcon type={channel.type} className="size-5" />
          </div>
          {channel.type === "dm" ? (
            <>
              <h2 className="text-lg font-semibold tracking-tight">{channel.name}</h2>
              <p className="text-sm text-muted-foreground">This is the very beginning of your direct messages with {channel.name}.</p>
            </>
          ) : (
            <>
              <h2 className="text-lg font-semibold tracking-tight">Welcome to #{channel.name}</h2>
              <p className="text-sm text-muted-foreground">
                This is the very beginning of the channel.{channel.description ? ` ${channel.description}` : ""}
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
