import { useMemo, useState } from "react";
import { useAddGroupMembers, type GroupWithMembers } from "../../groups/api";
import { useUsers } from "../api";
import { AssigneePicker } from "../../../ui/AssigneePicker";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { toast } from "../../../ui/notifications";

/** Picks active people not yet in the group and adds them (docs/groups.md). */
export function GroupAddPeopleDialog({ group, open, onOpenChange }: { group: GroupWithMembers; open: boolean; onOpenChange: (open: boolean) => void }) {
  const users = useUsers(open);
  const add = useAddGroupMembers();
  const [picked, setPicked] = useState<string[]>([]);
  const candidates = useMemo(() => {
    const inside = new Set(group.members.map((m) => m.user_email));
    return users.data?.filter((u) => u.is_active !== false && !inside.has(u.email.toLowerCase()));
  }, [users.data, group.members]);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setPicked([]);
  };
  const confirm = () =>
    add.mutate(
      { groupId: group.id, emails: picked },
      {
        onSuccess: () => close(false),
        onError: (err) => toast({ title: "Could not add the people", description: err.message, variant: "destructive" }),
      },
    );
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add people to @{group.handle}</DialogTitle>
          <DialogDescription>Mentioning @{group.handle} will notify them in the channels they can read.</DialogDescription>
        </DialogHeader>
        <AssigneePicker users={candidates} loading={users.isPending} selected={picked} onChange={setPicked} />
        <DialogActions
          onCancel={() => close(false)}
          confirmLabel={picked.length > 1 ? `Add ${picked.length} people` : "Add"}
          onConfirm={confirm}
          disabled={picked.length === 0 || add.isPending}
          pending={add.isPending}
        />
      </DialogContent>
    </Dialog>
  );
}
