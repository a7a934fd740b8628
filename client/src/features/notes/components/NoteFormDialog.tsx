import { useEffect, useState } from "react";
import type { Note } from "@shared/entities";
import { FormDialog } from "../../../ui/FormDialog";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Textarea } from "../../../ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { useSaveNote } from "../api";
import { MOODS, MOOD_ICON, moodName, type Mood } from "../moods";
import { TagInput } from "./TagInput";

interface Props {
  open: boolean;
  /** The note to edit; null creates one. */
  note: Note | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: (note: Note) => void;
}

const NO_MOOD = "none";

export function NoteFormDialog({ open, note, onOpenChange, onSaved }: Props) {
  const [topic, setTopic] = useState("");
  const [content, setContent] = useState("");
  const [tags, setTags] = useState<string[]>([]);
  const [mood, setMood] = useState<Mood | null>(null);
  const save = useSaveNote();

  useEffect(() => {
    if (!open) return;
    setTopic(note?.topic ?? "");
    setContent(note?.content ?? "");
    setTags(note?.tags ?? []);
    setMood(note?.mood ?? null);
    save.reset();
    // Reset only when the dialog opens, not on every refetch of the note.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, note?.id]);

  // Topic and content are required and trimmed; save is disabled while either is blank.
  const blank = !topic.trim() || !content.trim();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (blank || save.isPending) return;
    save.mutate(
      { id: note?.id, input: { topic: topic.trim(), content: content.trim(), tags, mood } },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={note ? "Edit Note" : "New Note"}
      description="Content supports Markdown."
      formId="note-form"
      onSubmit={submit}
      error={save.isError ? save.error.message : null}
      submitLabel={note ? "Save Changes" : "Save Note"}
      submitDisabled={blank || save.isPending}
      pending={save.isPending}
    >
      <FormField id="note-topic" label="Topic">
        <Input id="note-topic" value={topic} maxLength={500} onChange={(e) => setTopic(e.target.value)} autoFocus />
      </FormField>
      <FormField id="note-content" label="Content">
        <Textarea id="note-content" value={content} rows={8} maxLength={50_000} onChange={(e) => setContent(e.target.value)} />
      </FormField>
      <FormField id="note-tags" label="Tags">
        <TagInput id="note-tags" tags={tags} onChange={setTags} />
      </FormField>
      <FormField id="note-mood" label="Mood">
        <Select value={mood ?? NO_MOOD} onValueChange={(v) => setMood(v === NO_MOOD ? null : (v as Mood))}>
          <SelectTrigger id="note-mood" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_MOOD}>No mood</SelectItem>
            {MOODS.map((m) => (
              <SelectItem key={m} value={m}>
                {(() => {
                  const Icon = MOOD_ICON[m];
                  return <Icon className="size-4 text-muted-foreground" />;
                })()}
                {moodName(m)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
    </FormDialog>
  );
}
