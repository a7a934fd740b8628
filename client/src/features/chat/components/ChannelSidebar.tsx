import { useMemo, useState } from "react";
import { Plus } from "lucide-react";
import type { Channel } from "@shared/entities";
import { canDeleteChannel, isChannelMember } from "../permissions";
import { channelTitle } from "../channelTitle";
import { usePeopleByEmail } from "../usePeopleByEmail";
import { cn } from "../../../lib/utils";
import { useUnreadStore } from "../unreadStore";
import { useSessionStore } from "../../auth/store";
import { Button } from "../../../ui/button";
import { SearchInput } from "../../../ui/SearchInput";
import { Skeleton } from "../../../ui/skeleton";
import { ChannelListItem } from "./ChannelListItem";
import { useChannelLevels } from "../../notifications/channelLevels";
import { ThreadsEntry } from "./ThreadsEntry";

interface Props {
  channels: Channel[] | undefined;
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onDelete: (channel: Channel) => void;
  /** The Threads view (docs/threads.md): open, and how to open it. */
  threadsSelected: boolean;
  onOpenThreads: () => void;
  className?: string;
}

export function ChannelSidebar({ channels, loading, selectedId, onSelect, onCreate, onDelete, threadsSelected, onOpenThreads, className }: Props) {
  const [query, setQuery] = useState("");
  const user = useSessionStore((s) => s.user);
  const unread = useUnreadStore((s) => s.unread);
  const mentions = useUnreadStore((s) => s.mentions);
  const levels = useChannelLevels();

  const people = usePeopleByEmail();

  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const titled = (channels ?? []).map((c) => ({ channel: c, title: channelTitle(c, user?.email, people) }));
    const matches = titled.filter(
      ({ channel: c, title }) => !q || title.toLowerCase().includes(q) || (c.description ?? "").toLowerCase().includes(q),
    );
    // Public channels one has not joined (or has left) stay in reach, below one's own; the system
    // channels are everybody's.
    const mine = (c: Channel) => c.type !== "public" || c.is_system || isChannelMember(user, c);
    return [
      { label: "Channels", items: matches.filter(({ channel: c }) => c.type !== "dm" && mine(c)) },
      { label: "Direct messages", items: matches.filter(({ channel: c }) => c.type === "dm") },
      { label: "More channels", items: matches.filter(({ channel: c }) => !mine(c)) },
    ].filter((g) => g.items.length > 0);
  }, [channels, query, user, people]);

  return (
    <aside aria-label="Channels" className={cn("flex h-full flex-col border-r bg-muted/20", className)}>
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 px-4">
        <h2 className="text-[15px] font-semibold tracking-tight">Channels</h2>
        <Button size="sm" variant="outline" onClick={onCreate} className="h-7 px-2.5">
          <Plus />
          New
        </Button>
      </div>
      <div className="px-3 pb-2">
        <SearchInput
          size="sm"
          aria-label="Search channels"
          placeholder="Search channels..."
          value={query}
          onValueChange={setQuery}
        />
      </div>
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        <ThreadsEntry selected={threadsSelected} onSelect={onOpenThreads} />
        {loading &&
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="mx-1 my-1.5 h-6" style={{ width: `${55 + ((i * 17) % 35)}%` }} />)}
        {!loading && groups.length === 0 && (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">
            {query ? "No channels match your search." : "No channels yet."}
          </p>
        )}
        {groups.map((g) => (
          <div key={g.label} className="mt-2 first:mt-0">
            <h3 className="px-2 pt-1 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
              {g.label}
            </h3>
            <ul aria-label={g.label} className="grid gap-px">
              {g.items.map(({ channel: c, title }) => (
                <ChannelListItem
                  key={c.id}
                  channel={c}
                  title={title}
                  selected={c.id === selectedId && !threadsSelected}
                  unread={unread[c.id] ?? 0}
                  mentions={mentions[c.id] ?? 0}
                  muted={levels[c.id] === "muted"}
                  canDelete={canDeleteChannel(user, c)}
                  onSelect={() => onSelect(c.id)}
                  onDelete={() => onDelete(c)}
                />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </aside>
  );
}
