// A person's sidebar sections (docs/channels.md, "Sidebar"), the table sidebar_sections. The query
// key starts with the table name, so the change each write sends to its owner's sockets refetches
// it on their other tabs and devices (docs/architecture.md, "Catching up"). Writes show in this tab
// at once (the same arithmetic as the server's, ./sidebarOrder.ts) and are then read back.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { SidebarSection, SidebarSort } from "@shared/entities";
import { SIDEBAR_DEFAULTS } from "@shared/sidebar";
import { queryClient, refetchAfterChange } from "../../app/queryClient";
import { createEntity, deleteEntity, listEntities, updateEntity } from "../../lib/entityApi";
import { request } from "../../lib/http";
import { toast } from "../../ui/notifications";
import { applyMove } from "./sidebarOrder";

export const sidebarKeys = { all: ["sidebar_sections"] as const };

/** One's sections; the first time, the server makes Favourites, Channels and Direct messages. */
async function fetchSections(signal?: AbortSignal): Promise<SidebarSection[]> {
  const rows = await listEntities<SidebarSection>("sidebar_sections", { sort: "position", limit: 100 }, signal);
  if (SIDEBAR_DEFAULTS.every((d) => rows.some((r) => r.kind === d.kind))) return rows;
  return request<SidebarSection[]>("/sidebar/setup", { method: "POST", body: {}, signal });
}

export function useSidebarSections() {
  return useQuery({ queryKey: sidebarKeys.all, queryFn: ({ signal }) => fetchSections(signal), staleTime: 60_000 });
}

const cached = () => queryClient.getQueryData<SidebarSection[]>(sidebarKeys.all);
const setCached = (rows: SidebarSection[]) => queryClient.setQueryData<SidebarSection[]>(sidebarKeys.all, rows);
const settle = () => void refetchAfterChange({ queryKey: sidebarKeys.all });
const failed = (title: string) => (err: Error) => toast({ title, description: err.message, variant: "destructive" });

/** Places a channel in a section at an index of its manual order (the end when absent). */
export function useMoveChannel() {
  return useMutation({
    mutationFn: (input: { channel_id: number; section_id: number; index?: number }) => request<SidebarSection[]>("/sidebar/move", { method: "POST", body: input }),
    onMutate: (input) => {
      const rows = cached();
      if (rows) setCached(applyMove(rows, input.channel_id, input.section_id, input.index));
    },
    onError: failed("Could not move the channel"),
    onSettled: settle,
  });
}

/** Puts the sections in a new order: every id once. */
export function useOrderSections() {
  return useMutation({
    mutationFn: (ids: number[]) => request<SidebarSection[]>("/sidebar/order", { method: "POST", body: { ids } }),
    onMutate: (ids) => {
      const rows = cached();
      if (rows) setCached(rows.map((r) => ({ ...r, position: ids.indexOf(r.id) })));
    },
    onError: failed("Could not reorder the sections"),
    onSettled: settle,
  });
}

export function useCreateSection() {
  return useMutation({
    mutationFn: (name: string) => createEntity<SidebarSection>("sidebar_sections", { name }),
    onSuccess: (row) => {
      const rows = cached();
      if (rows && !rows.some((r) => r.id === row.id)) setCached([...rows, row]);
    },
    onSettled: settle,
  });
}

/** Name, sort or collapsed. */
export function useUpdateSection() {
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; name?: string; sort?: SidebarSort; collapsed?: boolean }) => updateEntity<SidebarSection>("sidebar_sections", id, changes),
    onMutate: ({ id, ...changes }) => {
      const rows = cached();
      if (rows) setCached(rows.map((r) => (r.id === id ? { ...r, ...changes } : r)));
    },
    onError: failed("Could not change the section"),
    onSettled: settle,
  });
}

/** Its channels go back to Channels and Direct messages: they are then placed nowhere. */
export function useDeleteSection() {
  return useMutation({
    mutationFn: (id: number) => deleteEntity("sidebar_sections", id),
    onMutate: (id) => {
      const rows = cached();
      if (rows) setCached(rows.filter((r) => r.id !== id));
    },
    onError: failed("Could not delete the section"),
    onSettled: settle,
  });
}
