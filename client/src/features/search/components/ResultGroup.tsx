import type { ReactNode } from "react";

/** One kind of result (Messages, Tasks, Notes, Files) under its heading, or a line saying there is none; `action` sits beside the heading. */
export function ResultGroup({ title, count, action, children }: { title: string; count: number; action?: ReactNode; children: ReactNode }) {
  const id = `search-group-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-sm font-semibold text-muted-foreground">
          {title} <span className="font-normal">({count})</span>
        </h2>
        {action}
      </div>
      {count === 0 ? <p className="text-sm text-muted-foreground">No {title.toLowerCase()} found.</p> : <ul className="flex flex-col divide-y rounded-lg border">{children}</ul>}
    </section>
  );
}
