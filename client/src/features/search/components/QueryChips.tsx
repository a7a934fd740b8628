import type { SearchAnswer } from "@shared/search";
import { Badge } from "../../../ui/badge";

/** How the server read the query: its words, phrases and fragments, and its filters, as chips. */
export function QueryChips({ query }: { query: SearchAnswer["query"] }) {
  const { terms, filters } = query;
  const chips = [
    ...terms.map((t) => ({ key: `t:${t.kind}:${t.text}`, label: t.kind === "phrase" ? `"${t.text}"` : t.text, hint: t.kind })),
    ...filters.in.map((c) => ({ key: `in:${c}`, label: `in:#${c}`, hint: "channel" })),
    ...filters.from.map((p) => ({ key: `from:${p}`, label: `from:@${p}`, hint: "person" })),
    ...(filters.after ? [{ key: "after", label: `after:${filters.after}`, hint: "date" }] : []),
    ...(filters.before ? [{ key: "before", label: `before:${filters.before}`, hint: "date" }] : []),
    ...(filters.hasFile ? [{ key: "has", label: "has:file", hint: "attachment" }] : []),
  ];
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="Search terms and filters">
      {chips.map((c) => (
        <Badge key={c.key} variant={c.hint === "word" || c.hint === "phrase" || c.hint === "substring" ? "secondary" : "outline"} title={c.hint}>
          {c.label}
        </Badge>
      ))}
      <span className="text-xs text-muted-foreground">
        Filters: in:#channel from:@person before:YYYY-MM-DD after:YYYY-MM-DD has:file · "exact phrase"
      </span>
    </div>
  );
}
