import { useEffect, useState } from "react";
import type { Resource } from "@shared/entities";
import { RESOURCE_CATEGORIES } from "@shared/entities/resources";
import { FormDialog } from "../../../ui/FormDialog";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Switch } from "../../../ui/switch";
import { Textarea } from "../../../ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { useSaveResource } from "../api";
import { isValidUrl, parseTags } from "../rules";

export const INVALID_URL = "Please enter a valid URL starting with http:// or https://";
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

interface Props {
  open: boolean;
  resource: Resource | null;
  onOpenChange: (open: boolean) => void;
}

export function ResourceFormDialog({ open, resource, onOpenChange }: Props) {
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<Resource["category"]>("documentation");
  const [priority, setPriority] = useState<Resource["priority"]>("medium");
  const [internal, setInternal] = useState(true);
  const [tags, setTags] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const save = useSaveResource();

  useEffect(() => {
    if (!open) return;
    setTitle(resource?.title ?? "");
    setUrl(resource?.url ?? "");
    setDescription(resource?.description ?? "");
    setCategory(resource?.category ?? "documentation");
    setPriority(resource?.priority ?? "medium");
    setInternal(resource?.is_internal ?? true);
    setTags((resource?.tags ?? []).join(", "));
    setUrlError(null);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, resource?.id]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !url.trim() || save.isPending) return;
    if (!isValidUrl(url)) {
      setUrlError(INVALID_URL);
      return;
    }
    save.mutate(
      { id: resource?.id, input: { title: title.trim(), url: url.trim(), description: description.trim() || null, category, priority, is_internal: internal, tags: parseTags(tags) } },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={resource ? "Edit Resource" : "Add Resource"}
      description="A link the whole team can find here."
      formId="resource-form"
      onSubmit={submit}
      noValidate
      error={save.isError ? save.error.message : null}
      submitLabel={resource ? "Save Changes" : "Add Resource"}
      submitDisabled={!title.trim() || !url.trim() || save.isPending}
      pending={save.isPending}
    >
      <FormField id="resource-title" label="Title">
        <Input id="resource-title" value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} autoFocus />
      </FormField>
      <FormField id="resource-url" label="URL" error={urlError}>
        <Input
          id="resource-url"
          type="url"
          value={url}
          placeholder="https://"
          aria-invalid={!!urlError}
          onChange={(e) => {
            setUrl(e.target.value);
            setUrlError(null);
          }}
        />
      </FormField>
      <FormField id="resource-description" label="Description">
        <Textarea id="resource-description" value={description} rows={3} maxLength={5000} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="resource-category" label="Category">
          <Select value={category} onValueChange={(v) => setCategory(v)}>
            <SelectTrigger id="resource-category" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RESOURCE_CATEGORIES.map((c) => (
                <SelectItem key={c} value={c}>
                  {cap(c)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id="resource-priority" label="Priority">
          <Select value={priority} onValueChange={(v) => setPriority(v as Resource["priority"])}>
            <SelectTrigger id="resource-priority" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(["high", "medium", "low"] as const).map((p) => (
                <SelectItem key={p} value={p}>
                  {cap(p)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      <FormField id="resource-tags" label="Tags" hint="Separate tags with commas.">
        <Input id="resource-tags" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="onboarding, hr" />
      </FormField>
      <label className="flex items-center gap-3 text-sm">
        <Switch checked={internal} onCheckedChange={setInternal} aria-label="Internal resource" />
        Internal resource
      </label>
    </FormDialog>
  );
}
