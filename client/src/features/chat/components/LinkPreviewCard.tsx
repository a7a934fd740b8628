import type { MessageLinkPreview } from "@shared/entities";
import { X } from "lucide-react";
import { safeHref } from "../markdown";

/**
 * One link preview under a message (docs/integrations.md, "Link previews"): the site's name, the
 * page's title linking out and its description, clipped. The page's image is not loaded: the
 * server fetches no image, and the browser loads nothing from a page a message links to.
 */
export function LinkPreviewCard({ preview: p, onRemove }: { preview: MessageLinkPreview; onRemove?: () => void }) {
  const href = safeHref(p.url);
  return (
    <div data-testid="link-preview" className="group/preview relative grid max-w-xl gap-0.5 rounded-r-md border-y border-r border-l-4 border-l-primary/60 bg-muted/30 py-2 pr-8 pl-3">
      {p.site_name && <p className="truncate text-xs font-medium text-muted-foreground">{p.site_name}</p>}
      {p.title &&
        (href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="line-clamp-2 text-sm font-semibold text-primary hover:underline">
            {p.title}
          </a>
        ) : (
          <p className="line-clamp-2 text-sm font-semibold">{p.title}</p>
        ))}
      {p.description && <p className="line-clamp-3 text-[13px] text-muted-foreground">{p.description}</p>}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label="Remove preview"
          title="Remove preview"
          className="absolute top-1 right-1 flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
}
