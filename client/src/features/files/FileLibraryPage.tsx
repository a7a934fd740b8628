import { useMemo, useState } from "react";
import { FolderOpen, LayoutGrid, List, Upload } from "lucide-react";
import type { SharedFile } from "@shared/entities";
import { useSharedFiles, useDeleteSharedFile } from "./api";
import { FILTER_CATEGORIES } from "./categories";
import { useSessionStore } from "../auth/store";
import { PageLayout } from "../../ui/PageLayout";
import { SearchInput } from "../../ui/SearchInput";
import { Button } from "../../ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select";
import { PageSpinner } from "../../ui/PageSpinner";
import { toast } from "../../ui/notifications";
import { cn } from "../../lib/utils";
import { FileCard } from "./components/FileCard";
import { UploadDialog } from "./components/UploadDialog";
import { ShareDialog } from "./components/ShareDialog";
import { PreviewDialog } from "./components/PreviewDialog";

const KNOWN = new Set<string>(["document", "image", "video", "audio", "archive"]);

export default function FileLibraryPage() {
  const me = useSessionStore((s) => s.user)!;
  const { data: files = [], isLoading, error } = useSharedFiles();
  const remove = useDeleteSharedFile();
  const [q, setQ] = useState("");
  const [category, setCategory] = useState<string>("all");
  const [layout, setLayout] = useState<"grid" | "list">("grid");
  const [uploading, setUploading] = useState(false);
  const [sharing, setSharing] = useState<SharedFile | null>(null);
  const [previewing, setPreviewing] = useState<SharedFile | null>(null);

  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return files.filter((f) => {
      // "other" gathers everything outside the named categories ("file" and "other" alike).
      if (category !== "all" && (category === "other" ? KNOWN.has(f.category) : f.category !== category)) return false;
      if (!needle) return true;
      return [f.name, f.description ?? "", ...f.tags].some((t) => t.toLowerCase().includes(needle));
    });
  }, [files, q, category]);

  const privileged = me.role === "admin" || me.team_role === "admin" || me.team_role === "manager";
  const canDelete = (f: SharedFile) => !f.created_by || f.created_by.toLowerCase() === me.email.toLowerCase() || privileged;
  const live = (f: SharedFile | null) => (f ? (files.find((x) => x.id === f.id) ?? null) : null);
  const actions = {
    onPreview: setPreviewing,
    onShare: setSharing,
    onDelete: (f: SharedFile) => {
      if (!window.confirm(`Delete "${f.name}"?`)) return;
      remove.mutate(f.id, { onError: (e) => toast({ title: "Delete failed", description: e.message, variant: "destructive" }) });
    },
  };

  return (
    <PageLayout
      title="File Library"
      description="Files you own or that are shared with you."
      width="6xl"
      actions={
        <Button onClick={() => setUploading(true)}>
          <Upload /> Upload Files
        </Button>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput value={q} onValueChange={setQ} placeholder="Search files..." aria-label="Search files" className="min-w-48 flex-1" />
        <Select value={category} onValueChange={setCategory}>
          <SelectTrigger className="w-40" aria-label="Category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FILTER_CATEGORIES.map((c) => (
              <SelectItem key={c} value={c}>
                {c === "all" ? "All categories" : c[0]!.toUpperCase() + c.slice(1)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <div className="flex rounded-md border p-0.5" role="group" aria-label="Layout">
          {(["grid", "list"] as const).map((l) => (
            <Button
              key={l}
              variant="ghost"
              size="icon"
              className={cn("size-8", layout === l && "bg-muted")}
              aria-pressed={layout === l}
              aria-label={l === "grid" ? "Grid view" : "List view"}
              onClick={() => setLayout(l)}
            >
              {l === "grid" ? <LayoutGrid /> : <List />}
            </Button>
          ))}
        </div>
      </div>

      {isLoading ? (
        <PageSpinner />
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-16 text-center">
          <FolderOpen className="size-10 text-muted-foreground" />
          <p className="font-medium">No files found</p>
          <p className="text-sm text-muted-foreground">Upload a file, or ask a colleague to share one with you.</p>
        </div>
      ) : (
        <ul className={layout === "grid" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "rounded-xl border bg-card"}>
          {shown.map((f) => (
            <FileCard key={f.id} file={f} layout={layout} actions={actions} canDelete={canDelete(f)} />
          ))}
        </ul>
      )}

      <UploadDialog open={uploading} onOpenChange={setUploading} />
      <ShareDialog file={live(sharing)} onClose={() => setSharing(null)} />
      <PreviewDialog file={live(previewing)} onClose={() => setPreviewing(null)} />
    </PageLayout>
  );
}
