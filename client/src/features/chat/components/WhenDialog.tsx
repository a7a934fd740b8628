import { useState, type FormEvent } from "react";
import { format } from "date-fns";
import { FormDialog } from "../../../ui/FormDialog";
import { Input } from "../../../ui/input";
import { Label } from "../../../ui/label";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  /** Where the field starts: an hour from now unless given. */
  initial?: Date;
  onPick: (at: Date) => void | Promise<void>;
}

/** A custom date and time, in this browser's time zone (Remind me, Schedule for later). */
export function WhenDialog({ open, onOpenChange, title, submitLabel, initial, onPick }: Props) {
  const [value, setValue] = useState(() => format(initial ?? new Date(Date.now() + 3_600_000), "yyyy-MM-dd'T'HH:mm"));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const at = new Date(value);
    if (!value || Number.isNaN(at.getTime())) return setError("Pick a date and a time.");
    if (at.getTime() <= Date.now()) return setError("Pick a time in the future.");
    setError(null);
    onOpenChange(false);
    void onPick(at);
  };
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title} formId="when-dialog" onSubmit={submit} submitLabel={submitLabel} error={error}>
      <div className="grid gap-2">
        <Label htmlFor="when-dialog-at">Date and time</Label>
        <Input id="when-dialog-at" type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} required />
      </div>
    </FormDialog>
  );
}
