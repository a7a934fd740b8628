import { useMemo, useState } from "react";
import { UserPlus, Users } from "lucide-react";
import { useUsers } from "./api";
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

export default function DirectoryPage() {
  const me = useSessionStore((s) => s.user);
  const users = useUsers();
  const presence = usePresenceStore((s) => s.byUserId);
  const setInviteOpen = useInviteStore((s) => s.setInviteOpen);
  const [query, setQuery] = useState("");

  // Deactivated accounts stay in the users list (old messages still resolve their names) but
  // are nobody to find or call any more.
  const all = useMemo(() => (users.data ?? []).filter((u) => u.is_active !== false), [users.data]);
  usePresenceSubscription(useMemo(() => all.filter((u) => u.id !== me?.id).map((u) => u.id), [all, me?.id]));

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return all;
    return all.filter((u) => [u.full_name, u.email, u.job_title].some((f) => f?.toLowerCase().includes(q)));
  }, [all, query]);

  const onCall = (user: PublicUser, kind: "audio" | "video") => void startCall([{ id: user.id, name: user.full_name }], kind, false);
  const onlineCount = all.filter((u) => u.id !== me?.id && shownPresence(u, presence[u.id]) !== "offline").length;

  return (
    <PageLayout
      width="6xl"
      title="Company Directory"
      description={
        users.isSuccess
          ? `${all.length} ${all.length === 1 ? "person" : "people"} · ${onlineCount} online now`
          : "Find colleagues and start a call."
      }
      actions={
        <Button onClick={() => setInviteOpen(true)}>
          <UserPlus />
          Invite User
        </Button>
      }
    >
      <SearchInput
        aria-label="Search people"
        placeholder="Search by name, email or title..."
        value={query}
        onValueChange={setQuery}
        className="max-w-md"
      />

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
          <p className="text-sm text-muted-foreground">Try another name, e-mail or title.</p>
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
            />
          ))}
        </div>
      )}
    </PageLayout>
  );
}
