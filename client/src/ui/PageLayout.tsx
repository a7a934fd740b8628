import type { ReactNode } from "react";
import { cn } from "../lib/utils";

const WIDTHS = {
  "4xl": "max-w-4xl",
  "5xl": "max-w-5xl",
  "6xl": "max-w-6xl",
} as const;

interface PageLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right of the title (wrapping under it on narrow screens). */
  actions?: ReactNode;
  /** Something before the title, such as a back button. */
  leading?: ReactNode;
  width?: keyof typeof WIDTHS;
  className?: string;
  children?: ReactNode;
}

/** A page inside the shell: its title (the page's one h1), optional actions, then the content. */
export function PageLayout({ title, description, actions, leading, width = "5xl", className, children }: PageLayoutProps) {
  return (
    <div className={cn("mx-auto flex w-full flex-col gap-6 px-4 py-8 md:px-8 md:py-10", WIDTHS[width], className)}>
      <div className={cn("flex flex-wrap gap-x-4 gap-y-3", leading ? "items-center" : "items-end")}>
        {leading}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
