import { describe, it, expect } from "vitest";
import { boolish, dateOnly, dateTime, emailList, instant, integer, jsonObject, httpUrl, safeLink, textList, toList, normaliseDateTime } from "./fields";
import { ENTITIES as ENTITY_DEFS, validateCreate, validateUpdate } from "./index";

describe("entity fields", () => {
  it("reads lists from arrays, JSON text, comma text and single values", () => {
    expect(toList(["a", " b ", "", "a"])).toEqual(["a", "b"]);
    expect(toList('["x","y","x"]')).toEqual(["x", "y"]);
    expect(toList("x, y ,, z")).toEqual(["x", "y", "z"]);
    expect(toList("solo")).toEqual(["solo"]);
    expect(toList("[not json")).toEqual(["[not json"]);
    expect(toList("")).toEqual([]);
    expect(textList().safeParse({ a: 1 }).success).toBe(false);
    expect(emailList.parse(' A@B.io , a@b.io,c@d.io ')).toEqual(["a@b.io", "c@d.io"]);
    expect(emailList.safeParse("a@b.io, nope").success).toBe(false);
  });

  it("reads flags and numbers from text", () => {
    expect([1, "1", "true", true].map((v) => boolish.parse(v))).toEqual([true, true, true, true]);
    expect([0, "0", "false", false].map((v) => boolish.parse(v))).toEqual([false, false, false, false]);
    expect(boolish.safeParse("yes").success).toBe(false);
    expect(integer.parse("42")).toBe(42);
    expect(integer.safeParse("4.2").success).toBe(false);
    expect(integer.safeParse("abc").success).toBe(false);
  });

  it("normalises dates and times to the documented text forms", () => {
    expect(dateOnly.parse("2030-02-03T10:00:00Z")).toBe("2030-02-03");
    expect(dateOnly.safeParse("2030-02-30").success).toBe(false);
    expect(dateTime.parse("2030-02-03T10:05")).toBe("2030-02-03 10:05:00");
    expect(dateTime.parse("2030-02-03 10:05:06")).toBe("2030-02-03 10:05:06");
    expect(dateTime.parse("2030-02-03T10:05:06+02:00")).toBe("2030-02-03 08:05:06");
    expect(normaliseDateTime("2030-02-03")).toBe("2030-02-03 00:00:00");
    for (const bad of ["2030-13-01 10:00:00", "2030-01-01 24:00:00", "noon", "2030-01-01 10:00:61"]) expect(dateTime.safeParse(bad).success).toBe(false);
    expect(instant.parse("2030-01-01T00:00:00Z")).toEqual(new Date("2030-01-01T00:00:00Z"));
    expect(instant.safeParse("later").success).toBe(false);
  });

  it("reads objects from JSON text and keeps links safe", () => {
    expect(jsonObject.parse('{"local":{"base_path":"/x"}}')).toEqual({ local: { base_path: "/x" } });
    expect(jsonObject.safeParse("[1]").success).toBe(false);
    expect(safeLink.safeParse("javascript:alert(1)").success).toBe(false);
    expect(safeLink.safeParse("/api/files/abc").success).toBe(true);
    expect(httpUrl.safeParse("ftp://x").success).toBe(false);
    expect(httpUrl.safeParse("https://example.com/a").success).toBe(true);
  });
});

describe("entity validation", () => {
  it("drops empty values on create, names unknown fields and ignores echoes", () => {
    expect(validateCreate(ENTITY_DEFS.notes, { topic: "t", content: "c", mood: "", tags: null, id: 4, created_date: "x", created_by: "e@x" })).toEqual({
      ok: true,
      data: { topic: "t", content: "c" },
    });
    expect(validateCreate(ENTITY_DEFS.notes, { topic: "t", content: "c", colour: 1 })).toEqual({ ok: false, error: "unknown field colour" });
    expect(validateCreate(ENTITY_DEFS.notes, { topic: "t" })).toEqual({ ok: false, error: "content is required" });
  });

  it("clears nullable fields with empty values on update and skips the others", () => {
    expect(validateUpdate(ENTITY_DEFS.tasks, { description: "", title: "", due_date: null, status: undefined })).toEqual({
      ok: true,
      data: { description: null, due_date: null },
    });
  });
});
