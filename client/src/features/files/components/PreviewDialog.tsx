import type { SharedFile } from "@shared/entities";
import { Download } from "lucide-react";
import { previewKind } from "../categories";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { downloadUrl } from "./fileUrls";

/** Images, PDFs, audio and video play in place; video seeks through HTTP Range requests. */
export function PreviewDialog({ file, onClose }: { file: SharedFile | null; onClose: () => void }) {
  if (!file?.file_url) return null;
  const kind = previewKind(file.file_type);
  const src = file.file_url;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="truncate pr-6">{file.name}</DialogTitle>
          <DialogDescription>{file.description || file.file_type}</DialogDescription>
        </DialogHeader>
        <div className="flex max-h-[70vh] min-h-40 items-center justify-center overflow-hidden rounded-md bg-muted/50">
          {kind === "image" && <img src={src} alt={file.name} className="max-h-[70vh] object-contain" data-testid="preview-image" />}
          {kind === "pdf" && <iframe src={src} title={file.name} className="h-[70vh] w-full" />}
          {kind === "audio" && <audio src={src} controls className="w-full" data-testid="preview-audio" />}
          {kind === "video" && <video src={src} controls className="max-h-[70vh] w-full" data-testid="preview-video" />}
          {!kind && <p className="p-6 text-sm text-muted-foreground">No preview for this type of file.</p>}
        </div>
        <div className="flex justify-end">
          <Button asChild variant="outline">
            <a href={downloadUrl(file)} download>
              <Download /> Download
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
