import { describe, expect, it } from "vitest";
import { looksLikeMarkdown, mentionFromHref, mentionLinksAsText, mentionsAsLinks, safeHref } from "./markdown";

describe("looksLikeMarkdown", () => {
  it("leaves plain chat plain", () => {
    for (const text of ["hello", "see you at 5pm", "2 * 3 = 6", "ann@example.org wrote", "ok :) (maybe)", "snake_case_name", "@channel lunch?", "@[Ann Lee](ann@x.org) hi", "v1.2 is out"]) {
      expect(looksLikeMarkdown(text), text).toBe(false);
    }
  });

  it("spots the syntax the renderer changes", () => {
    for (const text of ["**bold**", "some *italics* here", "_italics_", "~~gone~~", "run `ls`", "```\ncode\n```", "- one\n- two", "1. first", "> quoted", "# title", "[site](https://x.org)", "go to https://x.org", "www.example.org", "mailto:a@b.org"]) {
      expect(looksLikeMarkdown(text), text).toBe(true);
    }
  });

  it("does not count a mention token as a link", () => {
    expect(looksLikeMarkdown("@[Ann Lee](ann@x.org) can you look?")).toBe(false);
    expect(looksLikeMarkdown("@[Ann Lee](ann@x.org) can you look at **this**?")).toBe(true);
  });
});

describe("safeHref", () => {
  it("keeps http, https and mailto", () => {
    expect(safeHref("https://example.org/a?b=c#d")).toBe("https://example.org/a?b=c#d");
    expect(safeHref("http://example.org")).toBe("http://example.org");
    expect(safeHref("HTTPS://EXAMPLE.ORG")).toBe("HTTPS://EXAMPLE.ORG");
    expect(safeHref("mailto:ann@example.org")).toBe("mailto:ann@example.org");
  });

  it("refuses every other target", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "file:///etc/passwd",
      "/relative/path",
      "//evil.example/x",
      "example.org",
      "http://",
      "",
      null,
      undefined,
    ]) {
      expect(safeHref(url), String(url)).toBeNull();
    }
  });
});

describe("mentions inside Markdown", () => {
  it("turns mention tokens into chip links and back", () => {
    const md = mentionsAsLinks("hi @[Ann *Lee*](Ann@X.org) and @channel");
    expect(md).toBe("hi [@Ann \\*Lee\\*](x-mention:ann%40x.org) and [@channel](x-mention:channel)");
    expect(mentionFromHref("x-mention:ann%40x.org")).toBe("ann@x.org");
    expect(mentionFromHref("https://x.org")).toBeNull();
    expect(mentionLinksAsText(md)).toBe("hi @[Ann *Lee*](ann@x.org) and @channel");
  });

  it("leaves addresses that are no mention alone", () => {
    expect(mentionsAsLinks("mail ann@here.org")).toBe("mail ann@here.org");
  });
});
