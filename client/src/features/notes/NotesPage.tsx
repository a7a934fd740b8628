import { useState } from "react";
import { NotebookPen, Plus, SearchX } from "lucide-react";
import type { Note } from "@shared/entities";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { PageLayout } from "../../ui/PageLayout";
import { SearchInput } from "../../ui/SearchInput";
import { Skeleton } from "../../ui/skeleton";
import { toast } from "../../ui/notifications";
import { useDeleteNote, useNotes, useSaveNote } from "./api";
import { NoteCard } from "./components/NoteCard";
import { NoteDetailDialog } from "./NoteDetailDialog";
import { NoteFormDialog } from "./components/NoteFormDialog";
import { useDebouncedValue } from "./useDebouncedValue";

export default function NotesPage() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search, 250);
  const notes = useNotes(q);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ note: Note | null } | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const pin = useSaveNote();
  const remove = useDeleteNote();

  const rows = notes.data ?? [];
  // The open note follows live changes; it closes if the note goes away.
  const open = rows.find((n) => n.id === openId) ?? null;

  const newNote = (
    <Button onClick={() => setEditing({ note: null })}>
      <Plus />
      New Note
    </Button>
  );

  return (
    <PageLayout title="My Notes" description="Your personal notes and journal." actions={newNote} width="6xl">
      <SearchInput value={search} onValueChange={setSearch} placeholder="Search notes..." aria-label="Search notes" className="max-w-md" />
      {notes.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      )}
      {notes.isError && <p className="text-sm text-destructive">Couldn't load your notes: {notes.error.message}</p>}
      {notes.isSuccess && rows.length === 0 && (q.trim() ? (
        <EmptyState icon={SearchX} title="No matching notes found" description="Try other words; the search looks in topics, text and tags." />
      ) : (
        <EmptyState icon={NotebookPen} title="Start your journal" description="Write down ideas, meeting takeaways or how your day went." action={newNote} />
      ))}
      {rows.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((n) => (
            <NoteCard key={n.id} note={n} onOpen={(note) => setOpenId(note.id)} />
          ))}
        </div>
      )}
      <NoteDetailDialog
        note={open}
        onClose={() => setOpenId(null)}
        pinPending={pin.isPending}
        onTogglePin={(n) => pin.mutate({ id: n.id, input: { is_pinned: !n.is_pinned } }, { onError: (e) => toast({ title: "Couldn't update the note", description: e.message, variant: "destructive" }) })}
        onEdit={(n) => setEditing({ note: n })}
        onDelete={(n) => setDeleting(n)}
      />
      <NoteFormDialog open={!!editing} note={editing?.note ?? null} onOpenChange={(o) => !o && setEditing(null)} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete note"
        description="Are you sure you want to delete this note?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setOpenId(null);
            },
            onError: (e) => toast({ title: "Couldn't delete the note", description: e.message, variant: "destructive" }),
          })
        }
      />
    </PageLayout>
  );
}
