import { Fragment, useMemo } from "react";
import { splitMentions } from "@shared/mentions";
import { MentionChip } from "./MentionChip";

/**
 * A message's text with its mentions as chips (docs/messages.md, "Mentions and read receipts"): the
 * `@[Name](email)` token shows as "@Name", @channel/@here as themselves.
 */
export function MessageText({ content }: { content: string }) {
  const parts = useMemo(() => splitMentions(content), [content]);
  return (
    <>
      {parts.map((p, i) =>
        p.kind === "text" ? (
          <Fragment key={i}>{p.text}</Fragment>
        ) : p.kind === "person" ? (
          <MentionChip key={i} email={p.email}>
            @{p.name}
          </MentionChip>
        ) : (
          <MentionChip key={i} everyone={p.text}>
            {p.text}
          </MentionChip>
        ),
      )}
    </>
  );
}
