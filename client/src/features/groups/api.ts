// User groups (docs/groups.md): the groups and every membership, read by everyone and kept
// current by the change feed (their query keys start with the tables' names, so a pushed change
// of either table refetches them); managers and admins write them through the Entity API.
import { useMemo } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { Group, GroupMember } from "@shared/entities";
import { refetchAfterChange } from "../../app/queryClient";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";

export const groupKeys = {
  groups: ["groups"] as const,
  members: ["group_members"] as const,
};

export function useGroups(enabled = true) {
  return useQuery({
    queryKey: groupKeys.groups,
    queryFn: ({ signal }) => listEntities<Group>("groups", { sort: "name", limit: 1000 }, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useGroupMemberships(enabled = true) {
  return useQuery({
    queryKey: groupKeys.members,
    queryFn: ({ signal }) => listEntities<GroupMember>("group_members", { sort: "id", limit: 1000 }, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** A group with its people's addresses (lower case). */
export interface GroupWithMembers extends Group {
  members: GroupMember[];
}

/** Every group with its members, by name. */
export function useGroupsWithMembers(enabled = true) {
  const groups = useGroups(enabled);
  const memberships = useGroupMemberships(enabled);
  const data = useMemo(() => {
    if (!groups.data) return undefined;
    const byGroup = new Map<number, GroupMember[]>();
    for (const m of memberships.data ?? []) byGroup.set(m.group_id, [...(byGroup.get(m.group_id) ?? []), m]);
    return groups.data.map((g): GroupWithMembers => ({ ...g, members: byGroup.get(g.id) ?? [] }));
  }, [groups.data, memberships.data]);
  return { data, isPending: groups.isPending || memberships.isPending, isError: groups.isError || memberships.isError };
}

const refresh = () => {
  void refetchAfterChange({ queryKey: groupKeys.groups });
  void refetchAfterChange({ queryKey: groupKeys.members });
};

export type GroupInput = Pick<Group, "name" | "handle" | "description">;

export function useSaveGroup() {
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: GroupInput }) => (id ? updateEntity<Group>("groups", id, input) : createEntity<Group>("groups", input)),
    onSuccess: refresh,
  });
}

export function useDeleteGroup() {
  return useMutation({ mutationFn: (id: number) => deleteEntity("groups", id), onSuccess: refresh });
}

/** Adds people to a group, one `group_members.create` each. */
export function useAddGroupMembers() {
  return useMutation({
    mutationFn: async ({ groupId, emails }: { groupId: number; emails: string[] }) => {
      for (const user_email of emails) await createEntity<GroupMember>("group_members", { group_id: groupId, user_email });
    },
    onSettled: refresh,
  });
}

export function useRemoveGroupMember() {
  return useMutation({ mutationFn: (membershipId: number) => deleteEntity("group_members", membershipId), onSuccess: refresh });
}
