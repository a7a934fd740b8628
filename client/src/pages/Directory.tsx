import { useMemo, useState } from "react";
import { Search, UserPlus, Users } from "lucide-react";
import { useUsers } from "../api/users";
import type { User } from "../api/types";
import { startCall } from "../calls/controller";
import { PersonCard } from "../components/directory/PersonCard";
import { shownPresence } from "../components/directory/presence";
import { usePresenceSubscription } from "../components/directory/usePresenceSubscription";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Skeleton } from "../components/ui/skeleton";
import { usePresenceStore } from "../stores/presence";
import { useSessionStore } from "../stores/session";
import { useUiStore } from "../stores/ui";

export default function DirectoryPage() {
  const me = useSessionStore((s) => s.user);
  const users = useUsers();
  const presence = usePresenceStore((s) => s.byUserId);
  const setInviteOpen = useUiStore((s) => s.setInviteOpen);
  const [query, setQuery] = useState("");

  const all = useMemo(() => users.data ?? [], [users.data]);
  usePresenceSubscription(useMemo(() => all.filter((u) => u.id !== me?.id).map((u) => u.id), [all, me?.id]));

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return all;
    return all.filter((u) => [u.full_name, u.email, u.job_title].some((f) => f?.toLowerCase().includes(q)));
  }, [all, query]);

  const onCall = (user: User, kind: "audio" | "video") => void startCall([{ id: user.id, name: user.full_name }], kind, false);
  const onlineCount = all.filter((u) => u.id !== me?.id && shownPresence(u, presence[u.id]) !== "offline").length;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 md:px-8 md:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Company Directory</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {users.isSuccess
              ? `${all.length} ${all.length === 1 ? "person" : "people"} · ${onlineCount} online now`
              : "Find colleagues and start a call."}
          </p>
        </div>
        <Button onClick={() => setInviteOpen(true)}>
          <UserPlus />
          Invite User
        </Button>
      </div>

      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search people"
          placeholder="Search by name, email or title..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
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
    </div>
  );
}
