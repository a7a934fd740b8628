import { useMemo, useState } from "react";
import { useUsers } from "../../users/api";
import { addPeople } from "../controller";
import { activeParticipants, useCallsStore } from "../store";
import { useSessionStore } from "../../auth/store";
import { UserAvatar } from "../../../ui/avatar";
import { Checkbox } from "../../../ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { SearchInput } from "../../../ui/SearchInput";

/**
 * Rings more people into the call that is going on. Past the mesh size the call moves to the SFU
 * by itself (docs/calls.md); nobody has to rejoin.
 */
export function AddPeopleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const me = useSessionStore((s) => s.user);
  const users = useUsers(open);
  const inCallKey = useCallsStore((s) => activeParticipants(s.participants).map((p) => p.userId).join(","));
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<number[]>([]);
  const candidates = useMemo(() => {
    const q = query.trim().toLowerCase();
    const inCall = new Set(inCallKey.split(",").map(Number));
    return (users.data ?? []).filter((u) => u.id !== me?.id && !inCall.has(u.id) && (!q || `${u.full_name} ${u.email}`.toLowerCase().includes(q)));
  }, [users.data, me?.id, query, inCallKey]);

  const add = () => {
    const people = (users.data ?? []).filter((u) => selected.includes(u.id)).map((u) => ({ id: u.id, name: u.full_name }));
    setSelected([]);
    onOpenChange(false);
    void addPeople(people);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Add people to the call</DialogTitle>
          <DialogDescription>They are rung now; the call goes on while they answer.</DialogDescription>
        </DialogHeader>
        <SearchInput value={query} onValueChange={setQuery} placeholder="Search for a user..." aria-label="Search for a user" />
        <ul className="grid max-h-64 gap-1 overflow-y-auto">
          {candidates.map((u) => (
            <li key={u.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-muted">
                <Checkbox
                  checked={selected.includes(u.id)}
                  onCheckedChange={(on) => setSelected((s) => (on ? [...s, u.id] : s.filter((x) => x !== u.id)))}
                  aria-label={`Add ${u.full_name}`}
                />
                <UserAvatar name={u.full_name} email={u.email} photo={u.profile_photo} className="size-8" />
                <span className="text-sm">{u.full_name}</span>
              </label>
            </li>
          ))}
        </ul>
        <DialogActions onCancel={() => onOpenChange(false)} confirmLabel={selected.length ? `Add ${selected.length}` : "Add"} onConfirm={add} disabled={!selected.length} />
      </DialogContent>
    </Dialog>
  );
}
