import type { ReactNode } from "react";
import type { SnippetSegment } from "@shared/search";
import { Highlighted } from "./Highlighted";

interface Props {
  title: ReactNode;
  meta?: ReactNode;
  snippet: SnippetSegment[];
  onOpen: () => void;
}

/** A result row: a button that opens the thing found, its title and its highlighted snippet. */
export function ResultItem({ title, meta, snippet, onOpen }: Props) {
  return (
    <li>
      <button type="button" onClick={onOpen} className="flex w-full flex-col gap-0.5 px-4 py-2.5 text-left hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none">
        <span className="flex items-baseline gap-2 text-sm">
          <span className="font-medium">{title}</span>
          {meta && <span className="text-xs text-muted-foreground">{meta}</span>}
        </span>
        <span className="line-clamp-3 text-sm break-words text-foreground/90" data-testid="search-snippet">
          <Highlighted segments={snippet} />
        </span>
      </button>
    </li>
  );
}
