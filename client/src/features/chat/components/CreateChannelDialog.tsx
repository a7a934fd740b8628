import { useMemo, useState } from "react";
import { Hash, Lock } from "lucide-react";
import { useCreateChannel } from "../api";
import type { Channel } from "@shared/entities";
import { useUsers } from "../../users/api";
import { useSessionStore } from "../../auth/store";
import { AssigneePicker } from "../../../ui/AssigneePicker";
import { cn } from "../../../lib/utils";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Textarea } from "../../../ui/textarea";

const TYPES = [
  { value: "public", label: "Public", hint: "Anyone can join", icon: Hash },
  { value: "private", label: "Private", hint: "Invite only", icon: Lock },
] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (channel: Channel) => void;
}

export function CreateChannelDialog({ open, onOpenChange, onCreated }: Props) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [type, setType] = useState<"public" | "private">("public");
  const [members, setMembers] = useState<string[]>([]);
  const create = useCreateChannel();
  const me = useSessionStore((s) => s.user?.email);
  const users = useUsers(open);
  // The creator is always a member (the server adds them); deactivated people can join nothing.
  const people = useMemo(() => users.data?.filter((u) => u.email !== me && u.is_active !== false), [users.data, me]);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setName("");
      setDescription("");
      setType("public");
      setMembers([]);
      create.reset();
    }
  };

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed || create.isPending) return; // a blank name does nothing
    create.mutate(
      { name: trimmed, description: description.trim(), type, members },
      {
        onSuccess: (channel) => {
          onCreated(channel);
          close(false);
        },
        // Channel create failures are only logged; the dialog stays open to retry.
        onError: (err) => console.error("Failed to create channel", err),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Create a channel</DialogTitle>
          <DialogDescription>Channels are where your team talks about a topic, project or team.</DialogDescription>
        </DialogHeader>
        <form
          id="create-channel-form"
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField id="channel-name" label="Name">
            <div className="relative">
              <Hash className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                id="channel-name"
                placeholder="e.g. marketing"
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.target.value)}
                className="pl-9"
                autoFocus
              />
            </div>
          </FormField>
          <FormField id="channel-description" label={
              <>
                Description <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }>
            <Textarea
              id="channel-description"
              rows={2}
              placeholder="What's this channel about?"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className="min-h-16"
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Visibility</legend>
            <div className="grid grid-cols-2 gap-2">
              {TYPES.map((t) => (
                <label
                  key={t.value}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/50",
                    type === t.value && "border-primary bg-primary/5 ring-1 ring-primary hover:bg-primary/5",
                  )}
                >
                  <input
                    type="radio"
                    name="channel-type"
                    value={t.value}
                    checked={type === t.value}
                    onChange={() => setType(t.value)}
                    className="sr-only"
                  />
                  <t.icon className={cn("mt-0.5 size-4", type === t.value ? "text-primary" : "text-muted-foreground")} />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium">{t.label}</span>
                    <span className="text-xs text-muted-foreground">{t.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <FormField
            label={
              <>
                Members <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
            hint={
              type === "private"
                ? "Only members can see an invite-only channel. You can add people later from its header."
                : "They find it among their channels. Anyone else can join it."
            }
          >
            <AssigneePicker users={people} loading={users.isPending} selected={members} onChange={setMembers} />
          </FormField>
        </form>
        <DialogActions
          onCancel={() => close(false)}
          confirmLabel="Create Channel"
          form="create-channel-form"
          disabled={!name.trim() || create.isPending}
          pending={create.isPending}
        />
      </DialogContent>
    </Dialog>
  );
}
