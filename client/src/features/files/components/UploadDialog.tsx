import { useRef, useState } from "react";
import { UploadCloud } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { createSharedFile, fileKeys, uploadFileWithProgress } from "../api";
import { guessCategory, parseTags, UPLOAD_CATEGORIES, type FileCategory } from "../categories";
import { useSessionStore } from "../../auth/store";
import { toast } from "../../../ui/notifications";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Textarea } from "../../../ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { cn } from "../../../lib/utils";
import { PeoplePicker } from "./PeoplePicker";
import { UploadRow, type UploadItem } from "./UploadRow";

const AUTO = "auto";
let nextKey = 0;

/** Upload Files: several at once (picker or drag and drop), a progress bar and cancel per file. */
export function UploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const me = useSessionStore((s) => s.user);
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [category, setCategory] = useState<string>(AUTO);
  const [description, setDescription] = useState("");
  const [tags, setTags] = useState("");
  const [shareWith, setShareWith] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  const patch = (key: string, p: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));
  const add = (files: FileList | File[]) =>
    setItems((list) => [
      ...list.filter((i) => i.state === "ready"),
      ...Array.from(files).map((file) => ({ key: String(nextKey++), file, name: file.name, progress: 0, state: "ready" as const })),
    ]);
  const reset = () => {
    setItems([]);
    setCategory(AUTO);
    setDescription("");
    setTags("");
    setShareWith([]);
  };
  const close = (o: boolean) => {
    if (!o) for (const i of items) i.controller?.abort();
    onOpenChange(o);
    if (!o) setTimeout(reset, 200);
  };

  const ready = items.filter((i) => i.state === "ready");
  const valid = ready.length > 0 && ready.every((i) => i.name.trim() !== "");

  const uploadOne = async (item: UploadItem): Promise<boolean> => {
    const controller = new AbortController();
    patch(item.key, { state: "uploading", controller, progress: 0 });
    try {
      const stored = await uploadFileWithProgress(item.file, (f) => patch(item.key, { progress: f }), controller.signal);
      await createSharedFile({
        name: item.name.trim(),
        category: category === AUTO ? guessCategory(stored.mime_type, item.file.name) : category,
        description: description.trim() || undefined,
        tags: parseTags(tags),
        file_url: stored.file_url,
        file_size: stored.size_bytes,
        file_type: stored.mime_type,
        shared_with_emails: [...new Set(shareWith.map((e) => e.toLowerCase()))],
      });
      patch(item.key, { state: "done", progress: 1 });
      return true;
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") {
        patch(item.key, { state: "cancelled" });
      } else {
        const message = err instanceof Error ? err.message : String(err);
        patch(item.key, { state: "failed", error: `Failed to upload file. ${message}` });
      }
      return false;
    }
  };

  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    const results = await Promise.all(ready.map(uploadOne));
    setBusy(false);
    await qc.invalidateQueries({ queryKey: fileKeys.all });
    const ok = results.filter(Boolean).length;
    if (ok > 0) toast({ title: "Upload complete", description: "File uploaded and shared successfully.", variant: "success" });
    if (ok === results.length) close(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Upload Files</DialogTitle>
          <DialogDescription>Add files to the library and choose who can see them.</DialogDescription>
        </DialogHeader>
        <form
          id="upload-form"
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              if (e.dataTransfer.files.length) add(e.dataTransfer.files);
            }}
            onClick={() => input.current?.click()}
            data-testid="drop-zone"
            className={cn(
              "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm text-muted-foreground transition",
              dragging ? "border-primary bg-primary/5" : "hover:border-primary/50",
            )}
          >
            <UploadCloud className="size-8 text-primary" />
            <span>
              <span className="font-medium text-foreground">Choose files</span> or drag and drop them here
            </span>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label="Files to upload"
              onChange={(e) => {
                if (e.target.files?.length) add(e.target.files);
                e.target.value = "";
              }}
            />
          </div>
          {items.length > 0 && (
            <ul className="grid gap-2">
              {items.map((item) => (
                <UploadRow
                  key={item.key}
                  item={item}
                  onRename={(name) => patch(item.key, { name })}
                  onCancel={() =>
                    item.state === "uploading" ? item.controller?.abort() : setItems((l) => l.filter((i) => i.key !== item.key))
                  }
                />
              ))}
            </ul>
          )}
          <FormField id="upload-category" label="Category">
            <Select value={category} onValueChange={setCategory}>
              <SelectTrigger id="upload-category" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={AUTO}>Detect from file type</SelectItem>
                {UPLOAD_CATEGORIES.map((c: FileCategory) => (
                  <SelectItem key={c} value={c} className="capitalize">
                    {c}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField id="upload-description" label="Description">
            <Textarea id="upload-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          </FormField>
          <FormField id="upload-tags" label="Tags" hint="Separate tags with commas.">
            <Input id="upload-tags" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="design, q3" />
          </FormField>
          <FormField label="Share with">
            <PeoplePicker selected={shareWith} onChange={setShareWith} exclude={me ? [me.email] : []} />
          </FormField>
        </form>
        <DialogActions
          onCancel={() => close(false)}
          confirmLabel={ready.length > 1 ? `Upload ${ready.length} files` : "Upload"}
          form="upload-form"
          disabled={!valid || busy}
          pending={busy}
        />
      </DialogContent>
    </Dialog>
  );
}
