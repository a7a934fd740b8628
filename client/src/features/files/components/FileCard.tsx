import type { SharedFile } from "@shared/entities";
import { Users } from "lucide-react";
import { formatFileSize } from "../../../lib/format";
import { Badge } from "../../../ui/badge";
import { FileIcon } from "./FileIcon";
import { FileMenu, type FileActions } from "./FileMenu";
import { TagChips } from "./TagChips";

interface FileCardProps {
  file: SharedFile;
  actions: FileActions;
  canDelete: boolean;
  layout: "grid" | "list";
}

/**
 * A file in the grid (a card) or in the list (a row); its name previews it. The size and owner sit
 * outside that button, so the button's name ("Preview <file>") holds all the text it shows.
 */
export function FileCard({ file, actions, canDelete, layout }: FileCardProps) {
  const shared = file.shared_with_emails.length;
  const meta = (
    <span className="text-xs text-muted-foreground">
      {formatFileSize(file.file_size)}
      {file.created_by ? ` · ${file.created_by}` : ""}
    </span>
  );
  if (layout === "list") {
    return (
      <li className="flex items-center gap-3 border-b px-3 py-2.5 last:border-b-0" data-testid="file-item" data-file-name={file.name}>
        <FileIcon category={file.category} className="size-8" />
        <div className="min-w-0 flex-1">
          <button type="button" onClick={() => actions.onPreview(file)} className="block max-w-full truncate text-left text-sm font-medium" aria-label={`Preview ${file.name}`}>
            {file.name}
          </button>
          {meta}
        </div>
        <Badge variant="secondary" className="hidden capitalize sm:inline-flex">
          {file.category}
        </Badge>
        {shared > 0 && (
          <span className="hidden items-center gap-1 text-xs text-muted-foreground sm:flex" title={file.shared_with_emails.join(", ")}>
            <Users className="size-3.5" /> {shared}
          </span>
        )}
        <FileMenu file={file} actions={actions} canDelete={canDelete} />
      </li>
    );
  }
  return (
    <li className="group flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition hover:shadow-md" data-testid="file-item" data-file-name={file.name}>
      <div className="flex items-start gap-3">
        <FileIcon category={file.category} />
        <div className="min-w-0 flex-1">
          <button type="button" onClick={() => actions.onPreview(file)} className="line-clamp-2 text-left text-sm font-medium break-words" aria-label={`Preview ${file.name}`}>
            {file.name}
          </button>
          {meta}
        </div>
        <FileMenu file={file} actions={actions} canDelete={canDelete} />
      </div>
      {file.description && <p className="line-clamp-2 text-xs text-muted-foreground">{file.description}</p>}
      <div className="mt-auto flex flex-wrap items-center gap-1.5">
        <Badge variant="secondary" className="capitalize">
          {file.category}
        </Badge>
        <TagChips tags={file.tags} />
        {shared > 0 && (
          <span className="ml-auto flex items-center gap-1 text-xs text-muted-foreground" title={file.shared_with_emails.join(", ")}>
            <Users className="size-3.5" /> {shared}
          </span>
        )}
      </div>
    </li>
  );
}
