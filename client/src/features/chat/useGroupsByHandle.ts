import { useMemo } from "react";
import { useGroupsWithMembers, type GroupWithMembers } from "../groups/api";

/**
 * User groups by handle (docs/groups.md), for group mentions: read only once something needs
 * them (a message with an `@word`, the composer's autocomplete), so a chat without group
 * mentions asks nothing more at load.
 */
export function useGroupsByHandle(enabled = true): ReadonlyMap<string, GroupWithMembers> {
  const groups = useGroupsWithMembers(enabled);
  return useMemo(() => new Map((groups.data ?? []).map((g) => [g.handle.toLowerCase(), g])), [groups.data]);
}
