import { useMutation, useQuery, keepPreviousData } from "@tanstack/react-query";
import type { Note } from "@shared/entities";
import { refetchAfterChange } from "../../app/queryClient";
import { createEntity, deleteEntity, updateEntity } from "../../lib/entityApi";
import { request } from "../../lib/http";

// Keys start with the table name, so an `entities.change` for notes refetches them all.
export const noteKeys = {
  all: ["notes"] as const,
  search: (q: string) => ["notes", "search", q] as const,
};

export type NoteInput = Pick<Note, "topic" | "content" | "tags" | "mood"> & { is_pinned?: boolean };

/** The caller's notes matching `q` (server-side full text over topic, content and tags), pinned first, newest first. */
export function useNotes(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: noteKeys.search(query),
    queryFn: ({ signal }) => request<Note[]>("/notes/search", { query: { q: query }, signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = () => void refetchAfterChange({ queryKey: noteKeys.all });

export function useSaveNote() {
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Partial<NoteInput> }) =>
      id ? updateEntity<Note>("notes", id, input) : createEntity<Note>("notes", input),
    onSuccess: refresh,
  });
}

export function useDeleteNote() {
  return useMutation({ mutationFn: (id: number) => deleteEntity("notes", id), onSuccess: refresh });
}
