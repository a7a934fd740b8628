import type { SnippetSegment } from "@shared/search";

/** A snippet as the server cut it: plain text, matches in <mark>; nothing is parsed as HTML. */
export function Highlighted({ segments }: { segments: SnippetSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          <mark key={i} className="rounded-sm bg-yellow-200/80 px-0.5 text-foreground dark:bg-yellow-500/40">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
