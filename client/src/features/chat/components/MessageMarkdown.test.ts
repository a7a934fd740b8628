// The Markdown renderer as React renders it (docs/messages.md, "Writing"): what a message may and may not become.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MessageMarkdown from "./MessageMarkdown";

const html = (content: string) => renderToStaticMarkup(createElement(MessageMarkdown, { content }));

describe("MessageMarkdown", () => {
  it("renders the chat subset of Markdown", () => {
    const out = html("**bold** *it* ~~old~~ `x`\n\n- one\n- two\n\n> said\n\n[site](https://example.org)");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain("<em>it</em>");
    expect(out).toContain("<del>old</del>");
    expect(out).toContain("<code>x</code>");
    expect(out).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(out).toContain("<blockquote>");
    expect(out).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">site</a>');
  });

  it("shows raw HTML as text", () => {
    const out = html("<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)> **b**");
    expect(out).not.toMatch(/<script|<img/i);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("<strong>b</strong>");
  });

  it("never links anything but http, https and mailto", () => {
    const out = html("[a](javascript:alert(1)) [b](data:text/html,x) [c](/local) [d](mailto:ann@x.org) ![e](https://t.example/p.png)");
    expect(out).not.toMatch(/javascript:|data:|href="\/local"|<img/);
    expect(out).toContain('href="mailto:ann@x.org"');
    expect(out).toContain("<span>a</span>");
    expect(out).toContain("<span>e</span>");
  });

  it("highlights code blocks of known languages", () => {
    const out = html("```js\nconst a = 1; // one\n```");
    expect(out).toContain('class="language-js hljs"');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    expect(out).toContain('<span class="hljs-comment">// one</span>');
  });

  it("keeps mentions as chips, and as written inside code", () => {
    const out = html("**hey** @[Ann Lee](ann@x.org), `@[Ann Lee](ann@x.org)` and @here");
    expect(out).toContain('data-mention="ann@x.org"');
    expect(out).toContain(">@Ann Lee</span>");
    expect(out).toContain("<code>@[Ann Lee](ann@x.org)</code>");
    expect(out).toContain('data-mention="@here"');
    expect(out).not.toContain("x-mention");
  });
});

describe("group mentions in Markdown (docs/groups.md)", () => {
  it("shows a known group's handle as a chip with its name, and as written inside code", () => {
    const out = renderToStaticMarkup(createElement(MessageMarkdown, { content: "**ping** @on_call and `@on_call`", groups: new Map([["on_call", "On call"]]) }));
    expect(out).toContain('data-mention="@on_call"');
    expect(out).toContain("@on_call (On call)");
    expect(out).toContain("<code>@on_call</code>");
    expect(html("**ping** @on_call")).not.toContain("data-mention");
  });
});
