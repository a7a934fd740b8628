import { Fragment, useMemo } from "react";
import { parseHandles, splitMentions } from "@shared/mentions";
import { useGroupsByHandle } from "../useGroupsByHandle";
import { MentionChip } from "./MentionChip";

/**
 * A message's text with its mentions as chips (docs/messages.md, "Mentions and read receipts"): the
 * `@[Name](email)` token shows as "@Name", @channel/@here as themselves, a group's `@handle` with
 * the group's name after it (docs/groups.md).
 */
export function MessageText({ content }: { content: string }) {
  const mayNameGroups = useMemo(() => parseHandles(content).length > 0, [content]);
  const groups = useGroupsByHandle(mayNameGroups);
  const parts = useMemo(() => splitMentions(content, groups.size ? new Set(groups.keys()) : undefined), [content, groups]);
  return (
    <>
      {parts.map((p, i) =>
        p.kind === "text" ? (
          <Fragment key={i}>{p.text}</Fragment>
        ) : p.kind === "person" ? (
          <MentionChip key={i} email={p.email}>
            @{p.name}
          </MentionChip>
        ) : p.kind === "group" ? (
          <MentionChip key={i} group={p.handle} title={groups.get(p.handle)?.name}>
            {p.text} <span className="font-normal">({groups.get(p.handle)?.name})</span>
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
