import { Badge } from "../../../ui/badge";

/** The app shows 2 tag chips on a file, the rest as +N. */
export function TagChips({ tags, max = 2 }: { tags: string[]; max?: number }) {
  if (tags.length === 0) return null;
  return (
    <>
      {tags.slice(0, max).map((t) => (
        <Badge key={t} variant="outline" className="font-normal">
          {t}
        </Badge>
      ))}
      {tags.length > max && <span className="text-xs text-muted-foreground">+{tags.length - max}</span>}
    </>
  );
}
