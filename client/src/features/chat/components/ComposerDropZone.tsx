import { Upload } from "lucide-react";
import { Spinner } from "../../../ui/spinner";

/**
 * What a composer shows about attaching (docs/messages.md, "Writing"): the highlight while a file is dragged
 * over it, and the file being uploaded.
 */
export function ComposerDropZone({ dragging, uploading }: { dragging: boolean; uploading: string | null }) {
  return (
    <>
      {dragging && (
        <div
          data-testid="composer-drop-zone"
          className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center gap-2 rounded-xl border-2 border-dashed border-primary bg-primary/10 text-sm font-medium text-primary"
        >
          <Upload className="size-4" aria-hidden />
          Drop to attach
        </div>
      )}
      {uploading && (
        <div role="status" className="flex items-center gap-2 border-b px-3 py-2 text-xs text-muted-foreground">
          <Spinner className="size-3.5" />
          Uploading <span className="truncate font-medium text-foreground">{uploading}</span>…
        </div>
      )}
    </>
  );
}
