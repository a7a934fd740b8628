import { Badge } from "./badge";
import { cn } from "../lib/utils";

interface TagChipsProps {
  tags: readonly string[];
  /** How many chips to show before the rest are summed up as +N (2 on files, 3 on resources and notes). */
  max: number;
  className?: string;
}

/** A row of tag chips: the first `max`, then "+N" for the rest. */
export function TagChips({ tags, max, className }: TagChipsProps) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return (
    <div className={cn("flex flex-wrap gap-1", className)}>
      {shown.map((t) => (
        <Badge key={t} variant="secondary" className="max-w-[10rem] truncate font-normal">
          {t}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="outline" className="font-normal" title={tags.slice(max).join(", ")}>
          +{rest}
        </Badge>
      )}
    </div>
  );
}
