// The Markdown renderer of messages (docs/messages.md, "Writing"), loaded on demand by MessageBody only for
// messages that look like Markdown, so plain chat never downloads it. react-markdown builds React
// elements from a syntax tree: raw HTML in a message stays text (no rehype-raw), and every link
// target passes safeHref (http, https and mailto only).
import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import type { Root as MdRoot, RootContent as MdContent } from "mdast";
import { cn } from "../../../lib/utils";
import { rehypeCodeHighlight } from "../codeHighlight";
import { GROUP_TARGET, MENTION_SCHEME, mentionFromHref, mentionLinksAsText, mentionsAsLinks, safeHref } from "../markdown";
import { MentionChip } from "./MentionChip";

/** Inside code, mentions stay the text that was written (mentionsAsLinks turned them into links). */
function remarkMentionsInCode() {
  const walk = (node: MdRoot | MdContent) => {
    if (node.type === "code" || node.type === "inlineCode") node.value = mentionLinksAsText(node.value);
    else if ("children" in node) (node.children as MdContent[]).forEach(walk);
  };
  return (tree: MdRoot) => walk(tree);
}

// Mention links keep their own scheme (drawn as chips, never followed); any other target must be safe.
const urlTransform = (url: string) => (url.startsWith(MENTION_SCHEME) ? url : (safeHref(url) ?? ""));

const components: Components = {
  a: ({ node: _node, href, children, ...props }) => {
    const mention = mentionFromHref(href);
    if (mention?.startsWith(GROUP_TARGET)) return <MentionChip group={mention.slice(GROUP_TARGET.length)}>{children}</MentionChip>;
    if (mention != null) return mention.includes("@") ? <MentionChip email={mention.toLowerCase()}>{children}</MentionChip> : <MentionChip everyone={`@${mention}`}>{children}</MentionChip>;
    const safe = safeHref(href);
    // A link whose target was refused reads as its text.
    if (!safe) return <span>{children}</span>;
    return (
      <a {...props} href={safe} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  // Messages show pictures as attachments; an image in the text (a tracker, perhaps) reads as its description.
  img: ({ alt }) => <span>{alt}</span>,
  // Chat has no document outline: a heading reads as a bold line.
  h1: ({ node: _node, ...props }) => <p {...props} className="font-semibold" />,
  h2: ({ node: _node, ...props }) => <p {...props} className="font-semibold" />,
  h3: ({ node: _node, ...props }) => <p {...props} className="font-semibold" />,
  h4: ({ node: _node, ...props }) => <p {...props} className="font-semibold" />,
  h5: ({ node: _node, ...props }) => <p {...props} className="font-semibold" />,
  h6: ({ node: _node, ...props }) => <p {...props} className="font-semibold" />,
};

const TOKENS =
  "[&_.hljs-comment]:text-muted-foreground [&_.hljs-comment]:italic [&_.hljs-keyword]:text-violet-700 dark:[&_.hljs-keyword]:text-violet-300 [&_.hljs-string]:text-emerald-700 dark:[&_.hljs-string]:text-emerald-300 [&_.hljs-number]:text-amber-700 dark:[&_.hljs-number]:text-amber-300 [&_.hljs-literal]:text-amber-700 dark:[&_.hljs-literal]:text-amber-300 [&_.hljs-title]:text-sky-700 dark:[&_.hljs-title]:text-sky-300 [&_.hljs-built_in]:text-cyan-700 dark:[&_.hljs-built_in]:text-cyan-300 [&_.hljs-type]:text-cyan-700 dark:[&_.hljs-type]:text-cyan-300 [&_.hljs-attr]:text-sky-700 dark:[&_.hljs-attr]:text-sky-300 [&_.hljs-tag]:text-rose-700 dark:[&_.hljs-tag]:text-rose-300 [&_.hljs-name]:text-rose-700 dark:[&_.hljs-name]:text-rose-300 [&_.hljs-meta]:text-slate-600 dark:[&_.hljs-meta]:text-slate-300 [&_.hljs-addition]:text-emerald-700 [&_.hljs-deletion]:text-rose-700";

/** `after` (the "(edited)" marker) ends the last paragraph's line rather than taking one of its own. */
/** `groups`: the user groups' names by handle, so their mentions show as chips (docs/groups.md). */
export default function MessageMarkdown({ content, className, after, groups }: { content: string; className?: string; after?: ReactNode; groups?: ReadonlyMap<string, string> }) {
  return (
    <div
      data-markdown=""
      className={cn(
        "space-y-1.5 break-words [&_p]:whitespace-pre-wrap [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-[3px] [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-px [&_code]:font-mono [&_code]:text-[12.5px] [&_del]:text-muted-foreground [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:bg-muted/60 [&_pre]:p-3 [&_pre]:leading-5 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6",
        TOKENS,
        !!after && "[&>p:nth-last-child(2)]:inline",
        className,
      )}
    >
      <Markdown
        remarkPlugins={[remarkGfm, remarkMentionsInCode]}
        rehypePlugins={[rehypeCodeHighlight]}
        urlTransform={urlTransform}
        components={components}
      >
        {mentionsAsLinks(content, groups)}
      </Markdown>
      {after}
    </div>
  );
}
