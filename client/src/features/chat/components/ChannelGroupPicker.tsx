import { useGroupsWithMembers } from "../../groups/api";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";

/**
 * "Add a group" in a channel's members dialog (docs/groups.md): picking a group hands over its
 * people who are not in the channel yet, to be added with the others picked in one change.
 */
export function ChannelGroupPicker({ inside, onPick }: { inside: ReadonlySet<string>; onPick: (emails: string[]) => void }) {
  const groups = useGroupsWithMembers();
  if (!groups.data?.length) return null;
  return (
    <Select
      value=""
      onValueChange={(v) => {
        const g = groups.data?.find((x) => String(x.id) === v);
        if (g) onPick(g.members.map((m) => m.user_email).filter((e) => !inside.has(e)));
      }}
    >
      <SelectTrigger aria-label="Add a group" className="w-full">
        <SelectValue placeholder="Add everyone in a group..." />
      </SelectTrigger>
      <SelectContent>
        {groups.data.map((g) => (
          <SelectItem key={g.id} value={String(g.id)}>
            {g.name} (@{g.handle}) · {g.members.length} {g.members.length === 1 ? "member" : "members"}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
