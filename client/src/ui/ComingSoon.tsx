import type { LucideIcon } from "lucide-react";

/** Stands in for a screen that is not built yet, inside the real shell and its PageLayout. */
export function ComingSoon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-xl border bg-background shadow-xs">
        <Icon className="size-5 text-muted-foreground" />
      </div>
      <div>
        <p className="font-medium">Coming soon</p>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">
          This part of the workspace is on its way. Everything else in the sidebar is ready to use.
        </p>
      </div>
    </div>
  );
}
