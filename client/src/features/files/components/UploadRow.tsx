import { X } from "lucide-react";
import { formatFileSize } from "../../../lib/format";
import { Button } from "../../../ui/button";
import { Input } from "../../../ui/input";
import { cn } from "../../../lib/utils";

export interface UploadItem {
  key: string;
  file: File;
  name: string;
  progress: number;
  state: "ready" | "uploading" | "done" | "failed" | "cancelled";
  error?: string;
  controller?: AbortController;
}

interface UploadRowProps {
  item: UploadItem;
  onRename: (name: string) => void;
  onCancel: () => void;
}

/** One chosen file: its name (editable before upload), size, progress bar and cancel. */
export function UploadRow({ item, onRename, onCancel }: UploadRowProps) {
  const pct = Math.round(item.progress * 100);
  return (
    <li className="grid gap-1.5 rounded-md border p-2.5" data-testid="upload-row">
      <div className="flex items-center gap-2">
        <Input
          value={item.name}
          onChange={(e) => onRename(e.target.value)}
          disabled={item.state !== "ready"}
          aria-label={`Name for ${item.file.name}`}
          className="h-8"
        />
        <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(item.file.size)}</span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          onClick={onCancel}
          disabled={item.state === "done"}
          aria-label={item.state === "uploading" ? `Cancel upload of ${item.name}` : `Remove ${item.name}`}
        >
          <X />
        </Button>
      </div>
      {item.state !== "ready" && (
        <div className="flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`Upload progress of ${item.name}`}
            aria-valuenow={pct}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn("h-full transition-[width]", item.state === "failed" || item.state === "cancelled" ? "bg-destructive" : "bg-primary")}
              style={{ width: `${pct}%` }}
            />
          </div>
          <span className="w-20 shrink-0 text-right text-xs text-muted-foreground">
            {item.state === "done" ? "Done" : item.state === "cancelled" ? "Cancelled" : item.state === "failed" ? "Failed" : `${pct}%`}
          </span>
        </div>
      )}
      {item.error && <p className="text-xs text-destructive">{item.error}</p>}
    </li>
  );
}
