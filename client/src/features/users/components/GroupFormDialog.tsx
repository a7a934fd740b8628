import { useEffect, useState, type FormEvent } from "react";
import { useSaveGroup, type GroupWithMembers } from "../../groups/api";
import { FormDialog } from "../../../ui/FormDialog";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Textarea } from "../../../ui/textarea";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group to rename; absent, a new group. */
  group?: GroupWithMembers;
}

/** Makes a user group or changes its name, handle and description (docs/groups.md); the server checks the handle. */
export function GroupFormDialog({ open, onOpenChange, group }: Props) {
  const save = useSaveGroup();
  const [name, setName] = useState("");
  const [handle, setHandle] = useState("");
  const [description, setDescription] = useState("");
  useEffect(() => {
    if (!open) return;
    setName(group?.name ?? "");
    setHandle(group?.handle ?? "");
    setDescription(group?.description ?? "");
    save.reset();
    // Only when the dialog opens: the fields then belong to the person typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, group?.id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: group?.id, input: { name: name.trim(), handle: handle.trim(), description: description.trim() || null } }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? `Edit @${group.handle}` : "New group"}
      description="People mention a group with its handle, which notifies its members who can read the channel."
      formId="group-form"
      onSubmit={submit}
      submitLabel={group ? "Save" : "Create group"}
      submitDisabled={!name.trim() || !handle.trim()}
      pending={save.isPending}
      error={save.error?.message}
    >
      <FormField id="group-name" label="Name">
        <Input id="group-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoFocus />
      </FormField>
      <FormField id="group-handle" label="Handle" hint="2 to 40 letters, digits, - or _ (for example design-team).">
        <div className="flex items-center gap-1">
          <span className="text-muted-foreground" aria-hidden>
            @
          </span>
          <Input id="group-handle" value={handle} onChange={(e) => setHandle(e.target.value.replace(/^@/, ""))} maxLength={40} autoCapitalize="off" spellCheck={false} />
        </div>
      </FormField>
      <FormField id="group-description" label="Description">
        <Textarea id="group-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} rows={2} />
      </FormField>
    </FormDialog>
  );
}
