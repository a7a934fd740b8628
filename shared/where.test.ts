import { describe, it, expect } from "vitest";
import { parseWhere, parseTextWhere, parseJsonWhere, tokenize, whereColumns, WhereError, WHERE_LIMITS } from "./where";

const fails = (text: string) => {
  try {
    parseWhere(text);
  } catch (e) {
    expect(e).toBeInstanceOf(WhereError);
    return (e as Error).message;
  }
  throw new Error(`expected '${text}' to be refused`);
};

describe("where: text form", () => {
  it("parses the documented comparisons", () => {
    expect(parseTextWhere("channel_id = 5")).toEqual({ kind: "cmp", column: "channel_id", op: "=", value: 5 });
    expect(parseTextWhere("status != 'done'")).toEqual({ kind: "cmp", column: "status", op: "!=", value: "done" });
    expect(parseTextWhere("status <> 'done'")).toEqual({ kind: "cmp", column: "status", op: "!=", value: "done" });
    expect(parseTextWhere("id >= -3.5")).toEqual({ kind: "cmp", column: "id", op: ">=", value: -3.5 });
    expect(parseTextWhere("is_pinned = TRUE")).toEqual({ kind: "cmp", column: "is_pinned", op: "=", value: true });
  });

  it("parses IN, NOT IN and IS [NOT] NULL, case-insensitively", () => {
    expect(parseTextWhere("status in ('todo', 'done')")).toEqual({ kind: "in", column: "status", values: ["todo", "done"], negated: false });
    expect(parseTextWhere("id NOT IN (1,2)")).toEqual({ kind: "in", column: "id", values: [1, 2], negated: true });
    expect(parseTextWhere("due_date IS NOT NULL")).toEqual({ kind: "null", column: "due_date", negated: true });
    expect(parseTextWhere("due_date is null")).toEqual({ kind: "null", column: "due_date", negated: false });
  });

  it("unescapes doubled quotes and keeps SQL-looking text as a plain value", () => {
    expect(parseTextWhere("assignee_email = 'o''brien@x.io'")).toEqual({ kind: "cmp", column: "assignee_email", op: "=", value: "o'brien@x.io" });
    expect(parseTextWhere("title = 'x''; DROP TABLE users; --'")).toEqual({ kind: "cmp", column: "title", op: "=", value: "x'; DROP TABLE users; --" });
    expect(parseTextWhere('title = "say ""hi"""')).toMatchObject({ value: 'say "hi"' });
  });

  it("parses JSON_CONTAINS with plain or JSON-quoted values and an optional root path", () => {
    const expected = { kind: "contains", column: "assignee_emails", value: "a@b.c" };
    expect(parseTextWhere("JSON_CONTAINS(assignee_emails, 'a@b.c')")).toEqual(expected);
    expect(parseTextWhere(`json_contains(assignee_emails, '"a@b.c"')`)).toEqual(expected);
    expect(parseTextWhere(`JSON_CONTAINS(assignee_emails, '"a@b.c"', '$')`)).toEqual(expected);
    expect(parseTextWhere("JSON_CONTAINS(tags, '5')")).toEqual({ kind: "contains", column: "tags", value: 5 });
  });

  it("gives AND precedence over OR and honours parentheses", () => {
    const tree = parseTextWhere("a = 1 OR b = 2 AND c = 3");
    expect(tree).toEqual({
      kind: "or",
      children: [
        { kind: "cmp", column: "a", op: "=", value: 1 },
        { kind: "and", children: [{ kind: "cmp", column: "b", op: "=", value: 2 }, { kind: "cmp", column: "c", op: "=", value: 3 }] },
      ],
    });
    const grouped = parseTextWhere("(a = 1 OR b = 2) AND c IS NULL");
    expect(grouped.kind).toBe("and");
    expect(whereColumns(grouped)).toEqual(["a", "b", "c"]);
  });

  it("parses the documented task clause", () => {
    const tree = parseTextWhere("(assignee_email = 'me@x.io' OR JSON_CONTAINS(assignee_emails, '\"me@x.io\"')) AND due_date IS NOT NULL");
    expect(whereColumns(tree)).toEqual(["assignee_email", "assignee_emails", "due_date"]);
  });

  it("accepts backtick-quoted column names, never as keywords", () => {
    expect(parseTextWhere("`status` = 'x'")).toMatchObject({ column: "status" });
    expect(parseTextWhere("`select` = 'x'")).toMatchObject({ column: "select" });
  });

  it("refuses injection attempts with a message that says what and where", () => {
    expect(fails("1=1; DROP TABLE users")).toBe("unexpected ';' at position 3");
    expect(fails("1=1")).toBe("expected a column name, found '1' at position 0");
    expect(fails("id = 1; DROP TABLE users")).toBe("unexpected ';' at position 6");
    expect(fails("id = 1 -- comment")).toMatch(/unexpected/);
    expect(fails("id IN (SELECT id FROM users)")).toBe("expected a value, found 'SELECT' at position 7");
    expect(fails("status = 'open")).toBe("unterminated string starting at position 9");
    expect(fails("(status = 'a'")).toBe("expected ')' at end of input");
    expect(fails("status = 'a')")).toBe("unexpected ')' at position 12");
    expect(fails("status = 'a' UNION SELECT 1")).toMatch(/unexpected 'UNION' at position 13/);
    expect(fails("lower(email) = 'x'")).toMatch(/expected an operator/);
    expect(fails("id = NULL")).toMatch(/IS NULL/);
    expect(fails("id = ")).toBe("expected a value at end of input");
    expect(fails("id")).toMatch(/end of input/);
    expect(fails("AND = 1")).toMatch(/expected a column name/);
    expect(fails("JSON_CONTAINS(tags, 'x', '$.a')")).toMatch(/expected '\$'/);
    expect(fails("a = 1 /* x */")).toMatch(/unexpected '\/'/);
  });

  it("bounds size, depth and list length", () => {
    expect(fails("x".repeat(WHERE_LIMITS.maxChars + 1))).toMatch(/longer than/);
    expect(fails("(".repeat(40) + "a = 1" + ")".repeat(40))).toMatch(/nested deeper/);
    expect(fails(Array.from({ length: WHERE_LIMITS.maxConditions + 1 }, (_, i) => `a = ${i}`).join(" OR "))).toMatch(/more than/);
    expect(fails(`a IN (${Array.from({ length: WHERE_LIMITS.maxInValues + 1 }, (_, i) => i).join(",")})`)).toMatch(/IN list/);
  });

  it("tokenizes numbers glued to operators and negative numbers", () => {
    expect(tokenize("id>-5").map((t) => t.kind)).toEqual(["ident", "op", "number", "end"]);
    expect(tokenize("a<=b").map((t) => t.text)).toEqual(["a", "<=", "b", ""]);
  });
});

describe("where: JSON form", () => {
  it("maps values and operators to the same tree", () => {
    expect(parseWhere('{"channel_id": 5}')).toEqual({ kind: "cmp", column: "channel_id", op: "=", value: 5 });
    expect(parseJsonWhere({ status: { in: ["todo", "done"] } })).toEqual({ kind: "in", column: "status", values: ["todo", "done"], negated: false });
    expect(parseJsonWhere({ assignee_emails: { contains: "a@b.c" } })).toEqual({ kind: "contains", column: "assignee_emails", value: "a@b.c" });
    expect(parseJsonWhere({ due_date: { not: null } })).toEqual({ kind: "null", column: "due_date", negated: true });
    expect(parseJsonWhere({ due_date: null })).toEqual({ kind: "null", column: "due_date", negated: false });
    expect(parseJsonWhere({ x: { not: "v" } })).toEqual({ kind: "cmp", column: "x", op: "!=", value: "v" });
    expect(parseJsonWhere({ id: { lt: 123 } })).toEqual({ kind: "cmp", column: "id", op: "<", value: 123 });
    expect(parseJsonWhere({ id: { gte: 1, lte: 9 } })).toEqual({
      kind: "and",
      children: [
        { kind: "cmp", column: "id", op: ">=", value: 1 },
        { kind: "cmp", column: "id", op: "<=", value: 9 },
      ],
    });
  });

  it("ANDs top-level keys and accepts or/and arrays", () => {
    const tree = parseJsonWhere({ channel_id: 5, or: [{ a: 1 }, { b: { in: [2, 3] } }] });
    expect(tree).toMatchObject({ kind: "and", children: [{ kind: "cmp", column: "channel_id" }, { kind: "or" }] });
    expect(whereColumns(tree)).toEqual(["channel_id", "a", "b"]);
  });

  it("treats an empty object as no filter", () => {
    expect(parseWhere("{}")).toBeNull();
    expect(parseWhere("   ")).toBeNull();
  });

  it("refuses what it does not understand", () => {
    expect(fails('{"a": 1')).toMatch(/malformed JSON/);
    expect(() => parseJsonWhere([1])).toThrow(WhereError);
    expect(() => parseJsonWhere({ a: { like: "%x%" } })).toThrow("unknown operator 'like' for a");
    expect(() => parseJsonWhere({ a: { in: "x" } })).toThrow(/array of values/);
    expect(() => parseJsonWhere({ a: { lt: [1] } })).toThrow(/single value/);
    expect(() => parseJsonWhere({ a: { in: [{ $gt: 1 }] } })).toThrow(/array of values/);
    expect(() => parseJsonWhere({ or: [] })).toThrow(/non-empty array/);
    expect(() => parseJsonWhere({ or: ["a = 1"] })).toThrow(/JSON object/);
    expect(() => parseJsonWhere({ a: {} })).toThrow(/empty condition/);
  });
});
