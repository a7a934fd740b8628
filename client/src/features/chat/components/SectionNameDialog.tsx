// Naming a sidebar section of one's own (docs/channels.md, "Sidebar"): a new one, or renaming one.
import { useState } from "react";
import { SIDEBAR_NAME_MAX } from "@shared/sidebar";
import { FormDialog } from "../../../ui/FormDialog";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The name now, when renaming. */
  initial?: string;
  /** Saves; a refusal's words are shown under the field. */
  onSave: (name: string) => Promise<unknown>;
}

export function SectionNameDialog({ open, onOpenChange, initial = "", onSave }: Props) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const renaming = initial !== "";
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setName(initial);
      setError(null);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={renaming ? "Rename section" : "New section"}
      description={renaming ? undefined : "Group channels and direct messages your way. Only you see your sections."}
      formId="sidebar-section-name"
      submitLabel={renaming ? "Save" : "Create section"}
      submitDisabled={!name.trim() || pending}
      pending={pending}
      error={error}
      onSubmit={(e) => {
        e.preventDefault();
        setPending(true);
        onSave(name.trim())
          .then(() => close(false))
          .catch((err: Error) => setError(err.message))
          .finally(() => setPending(false));
      }}
    >
      <FormField id="sidebar-section-name-input" label="Section name">
        <Input id="sidebar-section-name-input" value={name} maxLength={SIDEBAR_NAME_MAX} autoFocus onChange={(e) => setName(e.target.value)} placeholder="e.g. Projects" />
      </FormField>
    </FormDialog>
  );
}
