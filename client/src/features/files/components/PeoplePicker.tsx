import { useMemo, useState } from "react";
import { useUsers } from "../../users/api";
import { Checkbox } from "../../../ui/checkbox";
import { SearchInput } from "../../../ui/SearchInput";
import { cn } from "../../../lib/utils";

interface PeoplePickerProps {
  selected: string[];
  onChange: (emails: string[]) => void;
  /** E-mails not offered (the owner, oneself). */
  exclude?: string[];
  /** max-h-48 (12rem, upload) or max-h-64 (16rem, share), the documented list heights. */
  tall?: boolean;
}

/** A searchable checkbox list of colleagues, by e-mail. */
export function PeoplePicker({ selected, onChange, exclude = [], tall }: PeoplePickerProps) {
  const { data: users = [] } = useUsers();
  const [q, setQ] = useState("");
  const skip = new Set(exclude.map((e) => e.toLowerCase()));
  const list = useMemo(
    () =>
      users.filter(
        (u) => !skip.has(u.email.toLowerCase()) && `${u.full_name ?? ""} ${u.email}`.toLowerCase().includes(q.trim().toLowerCase()),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [users, q, exclude.join(",")],
  );
  const has = (email: string) => selected.some((s) => s.toLowerCase() === email.toLowerCase());
  const toggle = (email: string) =>
    onChange(has(email) ? selected.filter((s) => s.toLowerCase() !== email.toLowerCase()) : [...selected, email]);

  return (
    <div className="grid gap-2">
      <SearchInput value={q} onValueChange={setQ} placeholder="Search people..." aria-label="Search people" size="sm" />
      <div className={cn("overflow-y-auto rounded-md border", tall ? "max-h-64" : "max-h-48")}>
        {list.length === 0 && <p className="p-3 text-sm text-muted-foreground">No people found</p>}
        {list.map((u) => (
          <label key={u.id} className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted/60">
            <Checkbox checked={has(u.email)} onCheckedChange={() => toggle(u.email)} aria-label={`Share with ${u.full_name ?? u.email}`} />
            <span className="min-w-0 flex-1 truncate">
              <span className="font-medium">{u.full_name || u.email}</span>
              <span className="ml-2 text-muted-foreground">{u.email}</span>
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
