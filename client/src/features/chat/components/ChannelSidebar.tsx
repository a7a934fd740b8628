import { lazy, Suspense, useMemo, useState } from "react";
import { FolderPlus, ListFilter, Plus } from "lucide-react";
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
import { SimpleTooltip } from "../../../ui/tooltip";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ChannelListItem, type RowDrag } from "./ChannelListItem";
import { useChannelLevels, useSetChannelLevel } from "../../notifications/channelLevels";
import { ThreadsEntry } from "./ThreadsEntry";
import { arrangeSidebar, homeOf, placeholderSections, sectionOf, type SidebarItem } from "../sidebarOrder";
import { useCreateSection, useDeleteSection, useMoveChannel, useOrderSections, useSidebarSections, useUpdateSection } from "../sidebarSections";
import { useUnreadOnly } from "../useUnreadOnly";
import { StaticSections } from "./StaticSections";
import type { SidebarSectionsProps } from "./sidebarSectionsProps";
import { useAfterFirstPaint } from "../../../lib/useAfterFirstPaint";
import { SectionNameDialog } from "./SectionNameDialog";
import { MoveToDialog } from "./MoveToDialog";

// Dragging (with dnd-kit) comes after the first paint: the list shows at once without it.
const SidebarSections = lazy(() => import("./SidebarSections"));

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

// The sidebar (docs/channels.md, "Sidebar"): one's sections with their channels, the public
// channels one has not joined below them, a search and an "unread only" filter.
export function ChannelSidebar({ channels, loading, selectedId, onSelect, onCreate, onDelete, threadsSelected, onOpenThreads, className }: Props) {
  const [query, setQuery] = useState("");
  const [unreadOnly, setUnreadOnly] = useUnreadOnly();
  const user = useSessionStore((s) => s.user);
  const unread = useUnreadStore((s) => s.unread);
  const mentions = useUnreadStore((s) => s.mentions);
  const levels = useChannelLevels();
  const setLevel = useSetChannelLevel();
  const people = usePeopleByEmail();
  const painted = useAfterFirstPaint();
  const sectionsQuery = useSidebarSections();
  const sections = useMemo(() => sectionsQuery.data ?? placeholderSections(), [sectionsQuery.data]);
  const move = useMoveChannel();
  const order = useOrderSections();
  const create = useCreateSection();
  const update = useUpdateSection();
  const remove = useDeleteSection();
  const [naming, setNaming] = useState<{ id?: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [moving, setMoving] = useState<SidebarItem | null>(null);

  const { views, more } = useMemo(() => {
    const q = query.trim().toLowerCase();
    const titled = (channels ?? []).map((c) => ({ channel: c, title: channelTitle(c, user?.email, people) }));
    const shown = titled.filter(
      ({ channel: c, title }) =>
        (!q || title.toLowerCase().includes(q) || (c.description ?? "").toLowerCase().includes(q)) &&
        // The open channel stays in reach while filtering, so one can see where one is.
        (!unreadOnly || (unread[c.id] ?? 0) > 0 || (mentions[c.id] ?? 0) > 0 || c.id === selectedId),
    );
    // Public channels one has not joined (or has left) stay in reach below one's sections, unless
    // one placed them in a section; the system channels are everybody's.
    const placed = new Set(sections.flatMap((s) => s.channel_ids));
    const mine = (c: Channel) => c.type !== "public" || c.is_system || isChannelMember(user, c) || placed.has(c.id);
    const all = arrangeSidebar(sections, shown.filter(({ channel: c }) => mine(c)));
    const filtering = !!q || unreadOnly;
    return { views: filtering ? all.filter((v) => v.items.length > 0) : all, more: shown.filter(({ channel: c }) => !mine(c)) };
  }, [channels, query, user, people, sections, unreadOnly, unread, mentions, selectedId]);

  const favourites = sections.find((s) => s.kind === "favourites");
  const toggleFavourite = (c: Channel) => {
    const fav = favourites?.channel_ids.includes(c.id);
    const to = fav ? homeOf(sections, c) : favourites;
    if (to && to.id > 0) move.mutate({ channel_id: c.id, section_id: to.id });
  };
  // Unmuting goes back to what the profile says (a channel is then as loud as any other).
  const toggleMute = (c: Channel) =>
    setLevel.mutate({ channel_id: c.id, level: levels[c.id] === "muted" ? (user?.notification_preferences === "mentions" ? "mentions" : "all") : "muted" });

  const renderItem = ({ channel: c, title }: SidebarItem, _sectionId?: number, drag?: RowDrag) => (
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
      favourite={!!favourites?.channel_ids.includes(c.id)}
      onToggleFavourite={sectionsQuery.data ? () => toggleFavourite(c) : undefined}
      // A level is a member's: someone looking into a public channel has none to set.
      onToggleMute={c.type !== "public" || isChannelMember(user, c) || c.is_system ? () => toggleMute(c) : undefined}
      onMoveTo={sectionsQuery.data ? () => setMoving({ channel: c, title }) : undefined}
      drag={drag}
    />
  );

  const filtering = !!query.trim() || unreadOnly;
  const sectionProps: SidebarSectionsProps = {
    views,
    still: filtering,
    renderItem,
    onMove: (channelId, sectionId, index) => move.mutate({ channel_id: channelId, section_id: sectionId, index }),
    onOrder: (ids) => order.mutate(ids),
    onToggle: (id, collapsed) => update.mutate({ id, collapsed }),
    onSort: (id, sort) => update.mutate({ id, sort }),
    onRename: (id) => setNaming({ id, name: sections.find((s) => s.id === id)?.name ?? "" }),
    onDelete: (id) => setDeleting(id),
  };
  const empty = !loading && views.every((v) => v.items.length === 0) && more.length === 0;
  return (
    <aside aria-label="Channels" className={cn("flex h-full flex-col border-r bg-muted/20", className)}>
      <div className="flex h-14 shrink-0 items-center justify-between gap-1 px-4">
        <h2 className="text-[15px] font-semibold tracking-tight">Channels</h2>
        <div className="flex items-center gap-1">
          <SimpleTooltip label="Unread only" side="bottom">
            <Button
              size="icon-sm"
              variant={unreadOnly ? "secondary" : "ghost"}
              aria-label="Unread only"
              aria-pressed={unreadOnly}
              onClick={() => setUnreadOnly(!unreadOnly)}
              className={cn("size-7 text-muted-foreground pointer-coarse:size-11", unreadOnly && "text-primary")}
            >
              <ListFilter />
            </Button>
          </SimpleTooltip>
          <SimpleTooltip label="New section" side="bottom">
            <Button size="icon-sm" variant="ghost" aria-label="New section" disabled={!sectionsQuery.data} onClick={() => setNaming({ name: "" })} className="size-7 text-muted-foreground pointer-coarse:size-11">
              <FolderPlus />
            </Button>
          </SimpleTooltip>
          <Button size="sm" variant="outline" onClick={onCreate} className="h-7 px-2.5 pointer-coarse:h-11">
            <Plus />
            New
          </Button>
        </div>
      </div>
      <div className="px-3 pb-2">
        <SearchInput size="sm" aria-label="Search channels" placeholder="Search channels..." value={query} onValueChange={setQuery} />
      </div>
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        <ThreadsEntry selected={threadsSelected} onSelect={onOpenThreads} />
        {loading && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="mx-1 my-1.5 h-6" style={{ width: `${55 + ((i * 17) % 35)}%` }} />)}
        {empty && (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">
            {query ? "No channels match your search." : unreadOnly ? "Nothing unread." : "No channels yet."}
          </p>
        )}
        {!loading &&
          (painted && !filtering ? (
            <Suspense fallback={<StaticSections {...sectionProps} />}>
              <SidebarSections {...sectionProps} />
            </Suspense>
          ) : (
            <StaticSections {...sectionProps} />
          ))}
        {more.length > 0 && (
          <div className="mt-2">
            <h3 className="px-2 pt-1 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">More channels</h3>
            <ul aria-label="More channels" className="grid gap-px">
              {more.map((item) => renderItem(item))}
            </ul>
          </div>
        )}
      </div>
      {naming && (
        <SectionNameDialog
          key={naming.id ?? "new"}
          open
          initial={naming.name}
          onOpenChange={(open) => !open && setNaming(null)}
          onSave={(name) => (naming.id ? update.mutateAsync({ id: naming.id, name }) : create.mutateAsync(name))}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete section?"
        description="Its channels go back to Channels and Direct messages."
        confirmLabel="Delete section"
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
      <MoveToDialog
        title={moving?.title ?? null}
        sections={[...sections].filter((s) => s.id > 0).sort((a, b) => a.position - b.position)}
        currentId={moving ? sectionOf(sections, moving.channel)?.id : undefined}
        onMove={(sectionId) => moving && move.mutate({ channel_id: moving.channel.id, section_id: sectionId })}
        onClose={() => setMoving(null)}
      />
    </aside>
  );
}
