import { format } from "date-fns";
import { Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import type { Note } from "@shared/entities";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog";
import { parseDate } from "../../lib/format";
import { MOOD_ICON, moodName } from "./moods";
import { NoteMarkdown } from "./components/NoteMarkdown";

interface Props {
  note: Note | null;
  onClose: () => void;
  onTogglePin?: (note: Note) => void;
  onEdit?: (note: Note) => void;
  onDelete?: (note: Note) => void;
  pinPending?: boolean;
}

/** A note in full, with Pin/Unpin, Edit and Delete (the actions are left out where not given). */
export function NoteDetailDialog({ note, onClose, onTogglePin, onEdit, onDelete, pinPending }: Props) {
  const updated = parseDate(note?.updated_date);
  return (
    <Dialog open={!!note} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {note && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2 pr-6">
                {note.is_pinned && <Pin className="size-4 shrink-0 text-primary" aria-label="Pinned" />}
                <span className="min-w-0 break-words">{note.topic}</span>
              </DialogTitle>
              <DialogDescription>{updated ? format(updated, "MMM d, yyyy 'at' h:mm a") : ""}</DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap gap-1.5">
              {note.mood && (
                <Badge variant="outline">
                  {(() => {
                    const Icon = MOOD_ICON[note.mood];
                    return <Icon />;
                  })()}
                  {moodName(note.mood)}
                </Badge>
              )}
              {note.tags.map((t) => (
                <Badge key={t} variant="secondary" className="font-normal">
                  {t}
                </Badge>
              ))}
            </div>
            <div className="max-h-[55vh] overflow-y-auto pr-1" data-testid="note-body">
              <NoteMarkdown content={note.content} />
            </div>
            <DialogFooter className="flex-row flex-wrap gap-2 sm:justify-between">
              <div className="flex flex-1 gap-2">
                {onTogglePin && (
                  <Button variant="outline" onClick={() => onTogglePin(note)} disabled={pinPending}>
                    {note.is_pinned ? <PinOff /> : <Pin />}
                    {note.is_pinned ? "Unpin" : "Pin"}
                  </Button>
                )}
                {onEdit && (
                  <Button variant="outline" onClick={() => onEdit(note)}>
                    <Pencil />
                    Edit
                  </Button>
                )}
              </div>
              {onDelete && (
                <Button variant="destructive" onClick={() => onDelete(note)}>
                  <Trash2 />
                  Delete
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
