import type { ReactNode } from "react";

interface Props {
  title: ReactNode;
  meta?: ReactNode;
  aside?: ReactNode;
  onClick?: () => void;
  href?: string;
}

/** One row of a Dashboard card: a button, or a link that opens in a new tab. */
export function CardRow({ title, meta, aside, onClick, href }: Props) {
  const body = (
    <>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{title}</span>
        {meta && <span className="block truncate text-xs text-muted-foreground">{meta}</span>}
      </span>
      {aside && <span className="shrink-0 text-xs text-muted-foreground">{aside}</span>}
    </>
  );
  const cls = "flex w-full min-w-0 items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent";
  if (href)
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={cls}>
        {body}
      </a>
    );
  return (
    <button type="button" onClick={onClick} className={cls}>
      {body}
    </button>
  );
}
