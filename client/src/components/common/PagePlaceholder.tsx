import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** Stands in for a screen that is not built yet, inside the real shell. */
export function PagePlaceholder({
  title,
  description,
  icon: Icon,
  children,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 md:px-8 md:py-10">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
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
    </div>
  );
}
