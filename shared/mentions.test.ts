import { describe, expect, it } from "vitest";
import { activeMentionQuery, matchPeople, mentionToken, mentionsAsText, mentionsMe, parseHandles, parseMentions, splitMentions } from "./mentions";

describe("parseMentions", () => {
  it("finds person tokens, lower case and once each", () => {
    expect(parseMentions("hi @[Ann Lee](Ann@Example.com) and @[Ben](ben@example.com), @[A](ann@example.com)")).toEqual({
      emails: ["ann@example.com", "ben@example.com"],
      all: false,
    });
  });
  it("finds @channel and @here as whole words only", () => {
    expect(parseMentions("@channel look").all).toBe(true);
    expect(parseMentions("ping @here!").all).toBe(true);
    expect(parseMentions("(@HERE)").all).toBe(true);
    expect(parseMentions("write to bob@here.com").all).toBe(false);
    expect(parseMentions("@channels are fun").all).toBe(false);
    expect(parseMentions("@here-ish").all).toBe(false);
    expect(parseMentions("plain").all).toBe(false);
  });
  it("does not read @here inside a person's name as everyone", () => {
    expect(parseMentions("@[@here](x@y.z)")).toEqual({ emails: ["x@y.z"], all: false });
  });
  it("ignores broken tokens and empty content", () => {
    expect(parseMentions("@[Ann](not-an-address) @[](a@b.c) @[Ann](a b@c.d)").emails).toEqual([]);
    expect(parseMentions(null)).toEqual({ emails: [], all: false });
  });
  it("reads back what mentionToken writes, whatever the name holds", () => {
    const t = mentionToken("Ann [the] (boss)", "ann@x.io");
    expect(t).toBe("@[Ann the boss](ann@x.io)");
    expect(parseMentions(`x ${t} y`).emails).toEqual(["ann@x.io"]);
    expect(mentionToken("", "ann@x.io")).toBe("@[ann@x.io](ann@x.io)");
  });
});

describe("splitMentions", () => {
  it("splits text, people and everyone in order", () => {
    expect(splitMentions("hi @[Ann](a@b.c), @here now")).toEqual([
      { kind: "text", text: "hi " },
      { kind: "person", name: "Ann", email: "a@b.c" },
      { kind: "text", text: ", " },
      { kind: "everyone", text: "@here" },
      { kind: "text", text: " now" },
    ]);
    expect(splitMentions("nothing")).toEqual([{ kind: "text", text: "nothing" }]);
  });
});

describe("mentionsMe", () => {
  it("matches by address in any case, or everyone", () => {
    expect(mentionsMe({ mentions: ["a@b.c"] }, "A@B.C")).toBe(true);
    expect(mentionsMe({ mentions: [], mentions_all: true }, "x@y.z")).toBe(true);
    expect(mentionsMe({ mentions: ["a@b.c"] }, "x@y.z")).toBe(false);
    expect(mentionsMe({ mentions: ["a@b.c"] }, null)).toBe(false);
  });
});

describe("activeMentionQuery", () => {
  it("finds the @word before the caret", () => {
    expect(activeMentionQuery("hello @an", 9)).toEqual({ start: 6, query: "an" });
    expect(activeMentionQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(activeMentionQuery("mail a@b", 8)).toBeNull();
    expect(activeMentionQuery("hello @an there", 15)).toBeNull();
  });
});

describe("matchPeople", () => {
  const people = [
    { full_name: "Ann Lee", email: "ann@x.io" },
    { full_name: "Ben Annis", email: "ben@x.io" },
    { full_name: "Cy", email: "cy@x.io" },
  ];
  it("ranks prefixes first and drops non-matches", () => {
    expect(matchPeople(people, "ann").map((p) => p.full_name)).toEqual(["Ann Lee", "Ben Annis"]);
    expect(matchPeople(people, "").length).toBe(3);
    expect(matchPeople(people, "zz")).toEqual([]);
  });
});

describe("mentionsAsText", () => {
  it("shows each person's name where the token was, and leaves @channel, addresses and broken tokens alone", () => {
    expect(mentionsAsText("Thanks @[Jordan Lee](jordan.lee@example.com) and @[ Ana ](ana@x.io), @channel")).toBe("Thanks @Jordan Lee and @Ana, @channel");
    expect(mentionsAsText("mail jordan.lee@example.com or @[no address](nobody)")).toBe("mail jordan.lee@example.com or @[no address](nobody)");
    expect(mentionsAsText("@[   ](a@b.c)")).toBe("@[   ](a@b.c)");
  });
});

describe("group handles (docs/groups.md)", () => {
  it("finds @handle words, lower case and once, but not @channel, addresses or names in person tokens", () => {
    expect(parseHandles("hi @Design and @design, @ops-team. @here x@design.com @[@qa](q@a.io) (@back_end)")).toEqual(["design", "ops-team", "back_end"]);
    expect(parseHandles("@a is too short, @design-")).toEqual([]);
    expect(parseHandles(null)).toEqual([]);
  });
  it("reads a known group's handle with its name in plain text, and only there", () => {
    const groups = new Map([["design", "Design team"]]);
    expect(mentionsAsText("ping @Design and @other, @[Design](d@x.io)", groups)).toBe("ping @Design (Design team) and @other, @Design");
    expect(mentionsAsText("ping @design")).toBe("ping @design");
  });
  it("splits known handles into parts of their own", () => {
    expect(splitMentions("@design hi @here @nope", new Set(["design"]))).toEqual([
      { kind: "group", handle: "design", text: "@design" },
      { kind: "text", text: " hi " },
      { kind: "everyone", text: "@here" },
      { kind: "text", text: " @nope" },
    ]);
    expect(splitMentions("@design hi")).toEqual([{ kind: "text", text: "@design hi" }]);
  });
});
