import { useMutation, useQuery } from "@tanstack/react-query";
import type { Resource } from "@shared/entities";
import { refetchAfterChange } from "../../app/queryClient";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";

export const resourceKeys = {
  all: ["resources"] as const,
  list: ["resources", "list"] as const,
};

export function useResources() {
  return useQuery({
    queryKey: resourceKeys.list,
    queryFn: ({ signal }) => listEntities<Resource>("resources", { sort: "-updated_date", limit: 500 }, signal),
  });
}

export type ResourceInput = Pick<Resource, "title" | "url" | "description" | "category" | "priority" | "is_internal" | "tags">;

const refresh = () => void refetchAfterChange({ queryKey: resourceKeys.all });

export function useSaveResource() {
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ResourceInput }) =>
      id ? updateEntity<Resource>("resources", id, input) : createEntity<Resource>("resources", input),
    onSuccess: refresh,
  });
}

export function useDeleteResource() {
  return useMutation({ mutationFn: (id: number) => deleteEntity("resources", id), onSuccess: refresh });
}
