import { useEffect, useMemo, useState } from "react";
import { Loader2, UserPlus, Users } from "lucide-react";
import { LIMITS } from "@shared/constants";
import { useDirectory } from "./api";
import type { PublicUser } from "@shared/entities";
import { startCall } from "../calls/controller";
import { PersonCard } from "./components/PersonCard";
import { shownPresence } from "../presence/shownPresence";
import { usePresenceSubscription } from "../presence/usePresenceSubscription";
import { Button } from "../../ui/button";
import { PageLayout } from "../../ui/PageLayout";
import { SearchInput } from "../../ui/SearchInput";
import { Skeleton } from "../../ui/skeleton";
import { usePresenceStore } from "../presence/store";
import { useSessionStore } from "../auth/store";
import { useInviteStore } from "./store";
import { useMessagePerson } from "../chat/useMessagePerson";
import { useGroupsWithMembers } from "../groups/api";
import { isAdmin } from "./roles";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs";
import { GroupFilter } from "./components/GroupFilter";
import { GroupsTab } from "./components/GroupsTab";

export default function DirectoryPage() {
  const me = useSessionStore((s) => s.user);
  const presence = usePresenceStore((s) => s.byUserId);
  const setInviteOpen = useInviteStore((s) => s.setInviteOpen);
  const [query, setQuery] = useState("");
  // The server searches; waiting for a pause in typing spares it a request per keystroke.
  const [search, setSearch] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSearch(query.trim()), 250);
    return () => clearTimeout(t);
  }, [query]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const groups = useGroupsWithMembers();
  const groupEmails = useMemo(() => {
    if (groupId == null) return null;
    return groups.data?.find((g) => g.id === groupId)?.members.map((m) => m.user_email) ?? [];
  }, [groupId, groups.data]);
  const users = useDirectory(search, groupEmails);
  // Managers and admins keep the groups (docs/groups.md).
  const keepsGroups = !!me && (isAdmin(me) || me.team_role === "manager");

  const shown = useMemo(() => users.data?.pages.flat() ?? [], [users.data]);
  // The server takes at most presenceSubscribeMax ids per subscription; the first pages are what is on screen.
  usePresenceSubscription(
    useMemo(() => shown.filter((u) => u.id !== me?.id).slice(0, LIMITS.presenceSubscribeMax).map((u) => u.id), [shown, me?.id]),
  );

  const { message, pendingUserId } = useMessagePerson();
  const onCall = (user: PublicUser, kind: "audio" | "video") => void startCall([{ id: user.id, name: user.full_name }], kind, false);
  const onlineCount = shown.filter((u) => u.id !== me?.id && shownPresence(u, presence[u.id]) !== "offline").length;
  const more = users.hasNextPage ? "+" : "";

  const people = (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          aria-label="Search people"
          placeholder="Search by name, email, department or title..."
          value={query}
          onValueChange={setQuery}
          className="max-w-md flex-1"
        />
        <GroupFilter value={groupId} onChange={setGroupId} />
      </div>

      {users.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-44 rounded-xl" />
          ))}
        </div>
      )}

      {users.isError && (
        <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 p-6 text-sm">
          <p className="font-medium text-destructive">Could not load the directory.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </div>
      )}

      {users.isSuccess && shown.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <div className="flex size-12 items-center justify-center rounded-xl border bg-background shadow-xs">
            <Users className="size-5 text-muted-foreground" />
          </div>
          <p className="font-medium">No people found</p>
          <p className="text-sm text-muted-foreground">Try another name, e-mail, department or title.</p>
        </div>
      )}

      {shown.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((u) => (
            <PersonCard
              key={u.id}
              user={u}
              isMe={u.id === me?.id}
              presence={u.id === me?.id ? (me.user_status ?? "online") : shownPresence(u, presence[u.id])}
              onCall={onCall}
              onMessage={(u) => message(u.id)}
              messaging={pendingUserId === u.id}
            />
          ))}
        </div>
      )}

      {users.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button variant="outline" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
            {users.isFetchingNextPage && <Loader2 className="animate-spin" />}
            {users.isFetchingNextPage ? "Loading..." : "Load more people"}
          </Button>
        </div>
      )}
    </>
  );

  return (
    <PageLayout
      width="6xl"
      title="Company Directory"
      description={
        users.isSuccess
          ? `${shown.length}${more} ${shown.length === 1 && !more ? "person" : "people"}${search ? " found" : ""} · ${onlineCount} online now`
          : "Find colleagues and start a call."
      }
      actions={
        <Button onClick={() => setInviteOpen(true)}>
          <UserPlus />
          Invite User
        </Button>
      }
    >
      {keepsGroups ? (
        <Tabs defaultValue="people" className="grid gap-4">
          <TabsList className="justify-self-start">
            <TabsTrigger value="people">People</TabsTrigger>
            <TabsTrigger value="groups">Groups</TabsTrigger>
          </TabsList>
          <TabsContent value="people" className="grid gap-4">
            {people}
          </TabsContent>
          <TabsContent value="groups">
            <GroupsTab />
          </TabsContent>
        </Tabs>
      ) : (
        people
      )}
    </PageLayout>
  );
}
