// Slack's mrkdwn and colours as this app's Markdown and attachment data (./slack-format.ts): what
// converts, what is kept as it is (code), and what can never become a live link or a mention.
import { describe, it, expect } from "vitest";
import { attachmentColor, convertAttachment, mrkdwnToMarkdown } from "./slack-format";

const quiet = { mayMentionAll: false };
const loud = { mayMentionAll: true };

describe("mrkdwn to Markdown", () => {
  it.each([
    ["*bold* and _italic_ and ~gone~", "**bold** and _italic_ and ~~gone~~"],
    ["a*b*c stays, 2*3*4 too", "a*b*c stays, 2*3*4 too"],
    ["<https://example.com/a?b=1&amp;c=2|the report>", "[the report](https://example.com/a?b=1&c=2)"],
    ["<https://example.com/x_(y)>", "[https://example.com/x\\_(y)](https://example.com/x_%28y%29)"],
    ["<mailto:ops@example.com|mail us>", "[mail us](mailto:ops@example.com)"],
    ["<javascript:alert(1)|click>", "click"],
    ["<data:text/html,hi>", "data:text/html,hi"],
    ["<@U024BE7LH|bob> in <#C024BE7LR|general>", "@bob in #general"],
    ["<!subteam^SAZ94GDB8|@oncall> and <!date^1392734382^{date}|Feb 18>", "@oncall and Feb 18"],
    ["1 &lt; 2 &amp;&amp; 3 &gt; 2", "1 < 2 && 3 > 2"],
    ["`*not bold*` and\n```\n*still code*\n```", "`*not bold*` and\n```\n*still code*\n```"],
    ["line one\nline two\n\nnew paragraph", "line one  \nline two\n\nnew paragraph"],
  ])("%j", (input, out) => {
    expect(mrkdwnToMarkdown(input, quiet)).toBe(out);
  });

  it("lets <!channel> and <!here> mention everyone only for an owner who may; typed @channel never does", () => {
    expect(mrkdwnToMarkdown("<!channel> <!here> <!everyone> @here", loud)).toBe("@channel @here @channel @\u2060here");
    expect(mrkdwnToMarkdown("<!channel> <!here>", quiet)).toBe("@\u2060channel @\u2060here");
  });
});

describe("attachments", () => {
  it.each([
    ["good", "#2eb886"],
    ["WARNING", "#daa038"],
    ["danger", "#a30200"],
    ["#D63232", "#d63232"],
    ["36a64f", "#36a64f"],
    ["#abc", "#abc"],
    ["red; background: url(x)", null],
    ["", null],
  ])("colour %j", (input, out) => {
    expect(attachmentColor(input)).toBe(out);
  });

  it("keeps only a safe title link, drops an attachment with nothing to show", () => {
    expect(convertAttachment({ title: "T", title_link: "javascript:alert(1)" }, quiet)).toMatchObject({ title: "T", title_link: null });
    expect(convertAttachment({ title: "T", title_link: "https://grafana.example.test/d/1" }, quiet)?.title_link).toBe("https://grafana.example.test/d/1");
    expect(convertAttachment({ color: "good", fallback: "only a fallback" }, quiet)).toBeNull();
  });

  it("reads fields of any scalar type and Slack's 'short' as text", () => {
    const a = convertAttachment({ fields: [{ title: "Count", value: 3, short: "true" }, { title: "Up", value: false }, { title: "", value: null }] }, quiet);
    expect(a?.fields).toEqual([
      { title: "Count", value: "3", short: true },
      { title: "Up", value: "false", short: false },
    ]);
  });
});
