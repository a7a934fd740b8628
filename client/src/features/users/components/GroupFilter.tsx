import { useGroupsWithMembers } from "../../groups/api";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";

/** The Directory's group filter: everyone, or one group's members (docs/groups.md). */
export function GroupFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const groups = useGroupsWithMembers();
  if (!groups.data?.length) return null;
  return (
    <Select value={value == null ? "all" : String(value)} onValueChange={(v) => onChange(v === "all" ? null : Number(v))}>
      <SelectTrigger aria-label="Group" className="w-64">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">All groups</SelectItem>
        {groups.data.map((g) => (
          <SelectItem key={g.id} value={String(g.id)}>
            {g.name} (@{g.handle})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
