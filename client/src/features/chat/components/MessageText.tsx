import { Fragment, useMemo } from "react";
import { splitMentions } from "@shared/mentions";
import { cn } from "../../../lib/utils";
import { useSessionStore } from "../../auth/store";

/**
 * A message's text with its mentions as chips (README, "Mentions and read receipts"): the
 * `@[Name](email)` token shows as "@Name", @channel/@here as themselves; a mention of the reader
 * stands out more.
 */
export function MessageText({ content }: { content: string }) {
  const me = useSessionStore((s) => s.user?.email?.toLowerCase());
  const parts = useMemo(() => splitMentions(content), [content]);
  return (
    <>
      {parts.map((p, i) =>
        p.kind === "text" ? (
          <Fragment key={i}>{p.text}</Fragment>
        ) : (
          <span
            key={i}
            data-mention={p.kind === "person" ? p.email : p.text}
            title={p.kind === "person" ? p.email : "Everyone in this channel"}
            className={cn(
              "rounded px-0.5 font-medium",
              (p.kind === "person" && p.email === me) || p.kind === "everyone"
                ? "bg-amber-200/70 text-amber-900 dark:bg-amber-500/30 dark:text-amber-100"
                : "bg-primary/10 text-primary dark:bg-primary/25 dark:text-foreground",
            )}
          >
            @{p.kind === "person" ? p.name : p.text.slice(1)}
          </span>
        ),
      )}
    </>
  );
}
