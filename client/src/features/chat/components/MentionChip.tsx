import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";
import { useSessionStore } from "../../auth/store";

/**
 * One mention as a chip (docs/messages.md, "Mentions and read receipts"): a person (by address),
 * everyone (@channel/@here) or a user group (by handle, docs/groups.md); a mention of the reader
 * stands out more.
 */
export function MentionChip({ email, everyone, group, title, children }: { email?: string; everyone?: string; group?: string; title?: string; children: ReactNode }) {
  const me = useSessionStore((s) => s.user?.email?.toLowerCase());
  const forMe = everyone != null || (!!email && email === me);
  return (
    <span
      data-mention={email ?? everyone ?? (group ? `@${group}` : undefined)}
      title={title ?? email ?? "Everyone in this channel"}
      className={cn(
        "rounded px-0.5 font-medium",
        forMe
          ? "bg-amber-200/70 text-amber-900 dark:bg-amber-500/30 dark:text-amber-100"
          : "bg-primary/10 text-primary dark:bg-primary/25 dark:text-foreground",
      )}
    >
      {children}
    </span>
  );
}
