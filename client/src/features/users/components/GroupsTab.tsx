import { useMemo, useState } from "react";
import { Plus, UsersRound } from "lucide-react";
import { useGroupsWithMembers } from "../../groups/api";
import { useUsers } from "../api";
import { Button } from "../../../ui/button";
import { Skeleton } from "../../../ui/skeleton";
import { GroupCard } from "./GroupCard";
import { GroupFormDialog } from "./GroupFormDialog";

/** The Directory's Groups tab, for managers and admins: make, rename and fill user groups (docs/groups.md). */
export function GroupsTab() {
  const groups = useGroupsWithMembers();
  const users = useUsers();
  const [creating, setCreating] = useState(false);
  const people = useMemo(() => new Map((users.data ?? []).map((u) => [u.email.toLowerCase(), u])), [users.data]);
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Mention a group with its handle to notify its members.</p>
        <Button onClick={() => setCreating(true)}>
          <Plus />
          New group
        </Button>
      </div>
      {groups.isPending && <Skeleton className="h-40 rounded-xl" />}
      {groups.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load the groups.
        </p>
      )}
      {groups.data?.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <UsersRound className="size-5 text-muted-foreground" />
          <p className="font-medium">No groups yet</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {groups.data?.map((g) => (
          <GroupCard key={g.id} group={g} people={people} />
        ))}
      </div>
      <GroupFormDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
