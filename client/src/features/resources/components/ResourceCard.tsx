import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import type { Resource } from "@shared/entities";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { TagChips } from "../../../ui/TagChips";
import { cn } from "../../../lib/utils";

const PRIORITY = {
  high: "border-transparent bg-red-500/15 text-red-700 dark:text-red-300",
  medium: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300",
  low: "border-transparent bg-slate-500/15 text-slate-700 dark:text-slate-300",
} as const;

interface Props {
  resource: Resource;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function ResourceCard({ resource: r, canManage, onEdit, onDelete }: Props) {
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="resource-card">
      <div className="flex items-start gap-2">
        <a href={r.url} target="_blank" rel="noopener noreferrer" className="group min-w-0 flex-1">
          <h3 className="flex items-center gap-1.5 font-medium group-hover:underline">
            <span className="truncate">{r.title}</span>
            <ExternalLink className="size-3.5 shrink-0 text-muted-foreground" />
          </h3>
          <p className="truncate text-xs text-muted-foreground">{r.url}</p>
        </a>
        {canManage && (
          <div className="-mt-1 -mr-1 flex shrink-0">
            <Button variant="ghost" size="icon-xs" aria-label={`Edit ${r.title}`} onClick={onEdit}>
              <Pencil />
            </Button>
            <Button variant="ghost" size="icon-xs" aria-label={`Delete ${r.title}`} onClick={onDelete} className="hover:text-destructive">
              <Trash2 />
            </Button>
          </div>
        )}
      </div>
      {r.description && <p className="line-clamp-3 text-sm text-muted-foreground">{r.description}</p>}
      <div className="mt-auto flex flex-wrap items-center gap-1.5">
        <Badge variant="outline" className="capitalize">
          {r.category}
        </Badge>
        <Badge className={cn("capitalize", PRIORITY[r.priority])}>{r.priority}</Badge>
        {!r.is_internal && <Badge variant="outline">External</Badge>}
      </div>
      <TagChips tags={r.tags} max={3} />
    </Card>
  );
}
