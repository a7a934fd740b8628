import { useState } from "react";
import { Pencil, Trash2, UserPlus, X } from "lucide-react";
import { useDeleteGroup, useRemoveGroupMember, type GroupWithMembers } from "../../groups/api";
import type { PublicUser } from "@shared/entities";
import { Button } from "../../../ui/button";
import { Badge } from "../../../ui/badge";
import { UserAvatar } from "../../../ui/avatar";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { toast } from "../../../ui/notifications";
import { GroupFormDialog } from "./GroupFormDialog";
import { GroupAddPeopleDialog } from "./GroupAddPeopleDialog";

const failed = (err: Error) => toast({ title: "Could not change the group", description: err.message, variant: "destructive" });

/** One group in the Directory's Groups tab: its people, with editing for managers and admins (docs/groups.md). */
export function GroupCard({ group, people }: { group: GroupWithMembers; people: ReadonlyMap<string, PublicUser> }) {
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useRemoveGroupMember();
  const del = useDeleteGroup();
  const count = group.members.length;
  return (
    <section aria-label={`Group @${group.handle}`} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <header className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{group.name}</h3>
          <p className="text-sm text-muted-foreground">
            @{group.handle} · {count} {count === 1 ? "member" : "members"}
          </p>
          {group.description && <p className="mt-1 text-sm">{group.description}</p>}
        </div>
        {group.source === "directory" && <Badge variant="secondary">From the directory</Badge>}
        <Button variant="ghost" size="icon" aria-label={`Edit @${group.handle}`} onClick={() => setEditing(true)}>
          <Pencil />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete @${group.handle}`} onClick={() => setDeleting(true)}>
          <Trash2 />
        </Button>
      </header>
      <ul aria-label={`Members of @${group.handle}`} className="grid gap-1">
        {group.members.map((m) => {
          const p = people.get(m.user_email);
          return (
            <li key={m.id} className="flex items-center gap-2 rounded-md px-1 py-0.5 text-sm hover:bg-muted/60">
              <UserAvatar name={p?.full_name ?? m.user_email} email={m.user_email} photo={p?.profile_photo} className="size-6 rounded-md" />
              <span className="min-w-0 flex-1 truncate">{p?.full_name ?? m.user_email}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${p?.full_name ?? m.user_email} from @${group.handle}`}
                disabled={remove.isPending && remove.variables === m.id}
                onClick={() => remove.mutate(m.id, { onError: failed })}
              >
                <X />
              </Button>
            </li>
          );
        })}
        {count === 0 && <li className="px-1 text-sm text-muted-foreground">Nobody is in this group yet.</li>}
      </ul>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setAdding(true)}>
        <UserPlus />
        Add people
      </Button>
      <GroupFormDialog open={editing} onOpenChange={setEditing} group={group} />
      <GroupAddPeopleDialog open={adding} onOpenChange={setAdding} group={group} />
      <ConfirmDialog
        open={deleting}
        title={`Delete @${group.handle}?`}
        description="Its handle stops mentioning anyone. Messages that mentioned it keep their mentions."
        confirmLabel="Delete group"
        pending={del.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => del.mutate(group.id, { onSuccess: () => setDeleting(false), onError: failed })}
      />
    </section>
  );
}
