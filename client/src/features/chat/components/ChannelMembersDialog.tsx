import { useMemo, useState } from "react";
import { UserPlus } from "lucide-react";
import type { Channel } from "@shared/entities";
import { useUpdateChannel } from "../api";
import { usePeopleByEmail } from "../usePeopleByEmail";
import { useSessionStore } from "../../auth/store";
import { useUsers } from "../../users/api";
import { AssigneePicker } from "../../../ui/AssigneePicker";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { toast } from "../../../ui/notifications";
import { ChannelMemberRow } from "./ChannelMemberRow";
import { ChannelGroupPicker } from "./ChannelGroupPicker";

interface Props {
  channel: Channel;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canManage: boolean;
}

const failed = (err: Error) => toast({ title: "Could not change the members", description: err.message, variant: "destructive" });

/** The people of a channel; those who may manage them add and remove people here. */
export function ChannelMembersDialog({ channel, title, open, onOpenChange, canManage }: Props) {
  const me = useSessionStore((s) => s.user?.email.toLowerCase());
  const people = usePeopleByEmail();
  const users = useUsers(open);
  const update = useUpdateChannel();
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);

  const members = useMemo(() => {
    // Sorted only while shown: the dialog is mounted with every channel view, closed, and
    // localeCompare over a large channel's members is not free (docs/benchmarks.md, "Cold load").
    if (!open) return [];
    const nameOf = (e: string) => people.get(e.toLowerCase())?.full_name ?? e;
    // You first, then everyone by name.
    return [...channel.members].sort((a, b) => Number(b.toLowerCase() === me) - Number(a.toLowerCase() === me) || nameOf(a).localeCompare(nameOf(b)));
  }, [open, channel.members, people, me]);
  const inside = useMemo(() => new Set(channel.members.map((m) => m.toLowerCase())), [channel.members]);
  const candidates = useMemo(() => users.data?.filter((u) => !inside.has(u.email.toLowerCase()) && u.is_active !== false), [users.data, inside]);
  // A group's people join those picked (docs/groups.md): active accounts, as the list spells them.
  const pickGroup = (emails: string[]) => {
    const byLower = new Map((candidates ?? []).map((u) => [u.email.toLowerCase(), u.email]));
    const found = emails.map((e) => byLower.get(e)).filter((e): e is string => !!e);
    setPicked((p) => [...new Set([...p, ...found])]);
  };

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setAdding(false);
      setPicked([]);
    }
  };
  const remove = (email: string) => update.mutate({ id: channel.id, members: channel.members.filter((m) => m !== email) }, { onError: failed });
  const add = () =>
    update.mutate(
      { id: channel.id, members: [...channel.members, ...picked] },
      {
        onSuccess: () => {
          setAdding(false);
          setPicked([]);
        },
        onError: failed,
      },
    );
  const removing = update.isPending && !adding ? update.variables?.members : undefined;
  const count = channel.members.length;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{adding ? `Add people to #${title}` : `Members of #${title}`}</DialogTitle>
          <DialogDescription>
            {adding
              ? channel.type === "private"
                ? "They will see the channel and its whole history."
                : "The channel joins their channel list."
              : `${count} ${count === 1 ? "member" : "members"}${channel.type === "private" ? " can see this invite-only channel." : "."}`}
          </DialogDescription>
        </DialogHeader>
        {adding ? (
          <>
            <ChannelGroupPicker inside={inside} onPick={pickGroup} />
            <AssigneePicker users={candidates} loading={users.isPending} selected={picked} onChange={setPicked} />
            <DialogActions
              onCancel={() => setAdding(false)}
              cancelLabel="Back"
              confirmLabel={picked.length > 1 ? `Add ${picked.length} people` : "Add"}
              onConfirm={add}
              disabled={picked.length === 0 || update.isPending}
              pending={update.isPending}
            />
          </>
        ) : (
          <>
            {canManage && (
              <Button variant="outline" className="justify-start" onClick={() => setAdding(true)}>
                <UserPlus />
                Add people
              </Button>
            )}
            <ul aria-label="Members" className="scrollbar-thin -mx-2 grid max-h-72 gap-px overflow-y-auto">
              {members.map((email) => (
                <ChannelMemberRow
                  key={email}
                  email={email}
                  person={people.get(email.toLowerCase())}
                  isMe={email.toLowerCase() === me}
                  // Leaving has its own button and confirmation.
                  canRemove={canManage && email.toLowerCase() !== me}
                  removing={!!removing && !removing.includes(email)}
                  onRemove={() => remove(email)}
                />
              ))}
              {count === 0 && <li className="px-2 py-4 text-center text-sm text-muted-foreground">Nobody has joined yet.</li>}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
