import { Download, Eye, MoreHorizontal, Share2, Trash2 } from "lucide-react";
import type { SharedFile } from "@shared/entities";
import { Button } from "../../../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../ui/dropdown-menu";
import { downloadUrl } from "./fileUrls";

export interface FileActions {
  onPreview: (f: SharedFile) => void;
  onShare: (f: SharedFile) => void;
  onDelete?: (f: SharedFile) => void;
}

export function FileMenu({ file, actions, canDelete }: { file: SharedFile; actions: FileActions; canDelete: boolean }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${file.name}`}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onPreview(file)}>
          <Eye /> Preview
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={downloadUrl(file)} download>
            <Download /> Download
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onShare(file)}>
          <Share2 /> Share
        </DropdownMenuItem>
        {canDelete && actions.onDelete && (
          <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete?.(file)}>
            <Trash2 /> Delete
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
