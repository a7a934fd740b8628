import { Pin } from "lucide-react";
import type { Note } from "@shared/entities";
import { Card } from "../../../ui/card";
import { TagChips } from "../../../ui/TagChips";
import { formatShortWhen } from "../../../lib/format";
import { MOOD_ICON, moodName } from "../moods";

/** A plain-text preview: Markdown punctuation would only be noise in two lines of grey text. */
const preview = (md: string) =>
  md
    .replace(/^ {0,3}(#{1,6}|>+)\s*/gm, "")
    .replace(/\*\*|`+/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");

/** A note in the grid: topic, the start of its text, tags (3 then +N), mood and when it changed. */
export function NoteCard({ note, onOpen }: { note: Note; onOpen: (note: Note) => void }) {
  return (
    <Card
      className="relative flex flex-col gap-3 p-4 transition-colors hover:border-primary/40 hover:bg-accent/40 has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-ring"
      data-testid="note-card"
    >
      <div className="flex items-start gap-2">
        <h3 className="line-clamp-2 min-w-0 flex-1 font-medium break-words">
          {/* The topic is the card's button, named by it alone; its ::after covers the card, so a click anywhere opens the note. */}
          <button type="button" onClick={() => onOpen(note)} className="text-left outline-none after:absolute after:inset-0 after:rounded-xl">
            {note.topic}
          </button>
        </h3>
        {note.is_pinned && <Pin className="mt-0.5 size-4 shrink-0 text-primary" aria-label="Pinned" />}
      </div>
      {/* Plain text here: the Markdown is rendered in the detail dialog. */}
      <p className="line-clamp-4 text-sm whitespace-pre-line text-muted-foreground break-words">{preview(note.content)}</p>
      <div className="mt-auto flex items-end justify-between gap-2">
        <TagChips tags={note.tags} max={3} />
        <span className="ml-auto flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
          {note.mood &&
            (() => {
              const Icon = MOOD_ICON[note.mood];
              return <Icon className="size-3.5" aria-label={moodName(note.mood)} />;
            })()}
          {formatShortWhen(note.updated_date)}
        </span>
      </div>
    </Card>
  );
}
