import { useMemo, useState } from "react";
import { DEFAULT_JOB_TITLE } from "@shared/constants";
import type { PublicUser } from "@shared/entities";
import { UserAvatar } from "./avatar";
import { Checkbox } from "./checkbox";
import { SearchInput } from "./SearchInput";
import { Skeleton } from "./skeleton";

interface Props {
  users: PublicUser[] | undefined;
  loading: boolean;
  selected: string[];
  onChange: (emails: string[]) => void;
}

export function AssigneePicker({ users, loading, selected, onChange }: Props) {
  const [query, setQuery] = useState("");
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (users ?? []).filter(
      (u) => !q || u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q),
    );
  }, [users, query]);

  const toggle = (email: string, on: boolean) =>
    onChange(on ? [...new Set([...selected, email])] : selected.filter((e) => e !== email));

  return (
    <div className="overflow-hidden rounded-lg border">
      <SearchInput
        aria-label="Search people"
        placeholder="Search people..."
        value={query}
        onValueChange={setQuery}
        className="border-b"
        inputClassName="h-9 rounded-none border-0 shadow-none focus-visible:ring-0"
      />
      <ul className="scrollbar-thin max-h-48 overflow-y-auto p-1" aria-label="People">
        {loading && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="m-1 h-9" />)}
        {!loading && filtered.length === 0 && (
          <li className="px-3 py-4 text-center text-sm text-muted-foreground">No people found.</li>
        )}
        {filtered.map((u) => {
          const id = `assignee-${u.id}`;
          const checked = selected.includes(u.email);
          return (
            <li key={u.id}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent"
              >
                <Checkbox id={id} checked={checked} onCheckedChange={(v) => toggle(u.email, v === true)} />
                <UserAvatar name={u.full_name} email={u.email} photo={u.profile_photo} className="size-7" />
                <span className="grid min-w-0 leading-tight">
                  <span className="truncate text-sm font-medium">{u.full_name}</span>
                  <span className="truncate text-xs text-muted-foreground">{u.job_title || DEFAULT_JOB_TITLE}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
