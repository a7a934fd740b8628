import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { parseHandles } from "@shared/mentions";
import { looksLikeMarkdown } from "../markdown";
import { useGroupsByHandle } from "../useGroupsByHandle";
import { MessageText } from "./MessageText";

// Loaded the first time a message looks like Markdown (docs/messages.md, "Writing"): the renderer and the
// highlighter are not part of the initial JavaScript (docs/benchmarks.md, "Cold load": scripts/bundle-size.mjs).
const MessageMarkdown = lazy(() => import("./MessageMarkdown"));

const TEXT = "text-[14px] leading-[1.45rem] break-words text-foreground/90";

/**
 * A message's text: plain text with mention chips, or, when it looks like Markdown, the rendered
 * Markdown (the plain text shows until the renderer has loaded). `after` follows the text
 * (the "(edited)" marker).
 */
export function MessageBody({ content, after }: { content: string; after?: ReactNode }) {
  const markdown = !!content && looksLikeMarkdown(content);
  // Group mentions in Markdown need the groups' names (docs/groups.md); asked for only when the text has an `@word`.
  const groups = useGroupsByHandle(useMemo(() => markdown && parseHandles(content).length > 0, [markdown, content]));
  const names = useMemo(() => new Map([...groups].map(([handle, g]) => [handle, g.name])), [groups]);
  const plain = (
    <p className={`${TEXT} whitespace-pre-wrap`}>
      {content && <MessageText content={content} />}
      {after}
    </p>
  );
  if (!markdown) return plain;
  return (
    <Suspense fallback={plain}>
      <MessageMarkdown content={content} after={after} className={TEXT} groups={names} />
    </Suspense>
  );
}
