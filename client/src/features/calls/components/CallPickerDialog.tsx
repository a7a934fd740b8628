import { useMemo, useState } from "react";
import { User as UserIcon, Users } from "lucide-react";
import { DEFAULT_JOB_TITLE, LIMITS } from "@shared/constants";
import { useUsers } from "../../users/api";
import { startCall } from "../controller";
import { cn } from "../../../lib/utils";
import { usePresenceStore } from "../../presence/store";
import { useSessionStore } from "../../auth/store";
import { useCallPickerStore } from "../store";
import { PresenceDot } from "../../presence/PresenceDot";
import { shownPresence } from "../../presence/shownPresence";
import { usePresenceSubscription } from "../../presence/usePresenceSubscription";
import { UserAvatar } from "../../../ui/avatar";
import { Checkbox } from "../../../ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { SearchInput } from "../../../ui/SearchInput";
import { Skeleton } from "../../../ui/skeleton";

const MAX_INVITEES = LIMITS.groupCallMaxParticipants - 1;

/** The user-selection dialog, opened from Quick Actions. */
export default function CallPickerDialog() {
  const { open, kind } = useCallPickerStore((s) => s.callPicker);
  const close = useCallPickerStore((s) => s.closeCallPicker);
  const me = useSessionStore((s) => s.user);
  const users = useUsers(open);
  const presence = usePresenceStore((s) => s.byUserId);
  const [group, setGroup] = useState(false);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<number[]>([]);

  const others = useMemo(() => (users.data ?? []).filter((u) => u.id !== me?.id), [users.data, me?.id]);
  usePresenceSubscription(useMemo(() => others.map((u) => u.id), [others]));
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return others;
    return others.filter((u) =>
      [u.full_name, u.email, u.job_title].some((field) => field?.toLowerCase().includes(q)),
    );
  }, [others, query]);

  const kindLabel = kind === "video" ? "Video" : "Audio";
  const title = `Start ${kind === "video" ? "a" : "an"} ${kindLabel} ${group ? "Group " : ""}Call`;

  const switchMode = (toGroup: boolean) => {
    setGroup(toGroup);
    setSelected((s) => (toGroup ? s : s.slice(0, 1)));
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      if (!group) return s[0] === id ? [] : [id];
      if (s.includes(id)) return s.filter((x) => x !== id);
      return s.length >= MAX_INVITEES ? s : [...s, id];
    });

  const start = () => {
    const targets = others.filter((u) => selected.includes(u.id)).map((u) => ({ id: u.id, name: u.full_name }));
    close();
    void startCall(targets, kind, group);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {group ? `Choose up to ${MAX_INVITEES} people to call together.` : "Choose a colleague to call."}
          </DialogDescription>
        </DialogHeader>

        <div role="group" aria-label="Call mode" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {[
            { value: false, label: "Individual Call", icon: UserIcon },
            { value: true, label: "Group Call", icon: Users },
          ].map((mode) => (
            <button
              key={mode.label}
              type="button"
              aria-pressed={group === mode.value}
              onClick={() => switchMode(mode.value)}
              className={cn(
                "flex h-8 items-center justify-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
                group === mode.value && "bg-background text-foreground shadow-sm",
              )}
            >
              <mode.icon className="size-4" />
              {mode.label}
            </button>
          ))}
        </div>

        <SearchInput
          aria-label="Search for a user"
          placeholder="Search for a user..."
          value={query}
          onValueChange={setQuery}
          autoFocus
        />

        <div
          role="listbox"
          aria-label="People"
          aria-multiselectable={group}
          className="-mx-2 max-h-64 overflow-y-auto px-2 scrollbar-thin"
        >
          {users.isPending &&
            Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="mb-1 h-12 w-full" />)}
          {users.isError && <p className="py-6 text-center text-sm text-destructive">Could not load people.</p>}
          {users.isSuccess && shown.length === 0 && (
            <p className="py-6 text-center text-sm text-muted-foreground">No people match your search.</p>
          )}
          {shown.map((u) => {
            const isSelected = selected.includes(u.id);
            const p = shownPresence(u, presence[u.id]);
            return (
              <div
                key={u.id}
                role="option"
                aria-selected={isSelected}
                tabIndex={0}
                onClick={() => toggle(u.id)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    toggle(u.id);
                  }
                }}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40",
                  isSelected && "bg-primary/8 hover:bg-primary/12",
                )}
              >
                {group && <Checkbox checked={isSelected} tabIndex={-1} aria-hidden className="pointer-events-none" />}
                <span className="relative">
                  <UserAvatar name={u.full_name} email={u.email} photo={u.profile_photo} className="size-9" />
                  <PresenceDot presence={p} className="absolute -right-0.5 -bottom-0.5 ring-2 ring-popover" />
                </span>
                <span className="grid min-w-0 flex-1 leading-tight">
                  <span className="truncate text-sm font-medium">{u.full_name}</span>
                  <span className="truncate text-xs text-muted-foreground">{u.job_title || DEFAULT_JOB_TITLE}</span>
                </span>
                {!group && isSelected && <span className="size-2 rounded-full bg-primary" aria-hidden />}
              </div>
            );
          })}
        </div>

        <DialogActions
          onCancel={close}
          confirmLabel={group ? `Start Call (${selected.length})` : "Start Call"}
          onConfirm={start}
          disabled={selected.length === 0}
        />
      </DialogContent>
    </Dialog>
  );
}
