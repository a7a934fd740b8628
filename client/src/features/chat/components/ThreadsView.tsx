import { useMemo } from "react";
import { ArrowLeft, MessagesSquare } from "lucide-react";
import type { Channel } from "@shared/entities";
import { sortThreads, useFollowStore } from "../followStore";
import { channelTitle } from "../channelTitle";
import { usePeopleByEmail } from "../usePeopleByEmail";
import { useSessionStore } from "../../auth/store";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { ThreadListItem } from "./ThreadListItem";

interface Props {
  channels: Channel[] | undefined;
  onOpen: (channelId: number, rootId: number) => void;
  onBack?: () => void;
}

/** Threads (docs/threads.md): the threads one follows, those with unread replies first. */
export function ThreadsView({ channels, onOpen, onBack }: Props) {
  const threads = useFollowStore((s) => s.threads);
  const loaded = useFollowStore((s) => s.loaded);
  const me = useSessionStore((s) => s.user?.email);
  const people = usePeopleByEmail();
  const list = useMemo(() => sortThreads(Object.values(threads)), [threads]);
  const where = (channelId: number) => {
    const c = channels?.find((x) => x.id === channelId);
    if (!c) return "a channel";
    const title = channelTitle(c, me, people);
    return c.type === "dm" ? title : `#${title}`;
  };
  return (
    <section aria-label="Threads" className="flex h-full min-w-0 flex-1 flex-col">
      <div className="flex h-14 shrink-0 items-center gap-2 border-b px-5">
        {onBack && (
          <Button variant="ghost" size="icon-sm" aria-label="Back to channels" onClick={onBack}>
            <ArrowLeft />
          </Button>
        )}
        <MessagesSquare className="size-4 text-muted-foreground" aria-hidden />
        <h2 className="text-[15px] font-semibold">Threads</h2>
      </div>
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto p-5">
        {!loaded ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            No threads yet. Threads you start, reply in or follow show here.
          </p>
        ) : (
          <ul aria-label="Followed threads" className="mx-auto grid max-w-3xl gap-2">
            {list.map((t) => (
              <ThreadListItem key={t.thread_root_id} thread={t} where={where(t.channel_id)} onOpen={() => onOpen(t.channel_id, t.thread_root_id)} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
