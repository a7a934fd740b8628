// The server takes every emoji the web client's picker offers, and nothing that is not one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emoji, EMOJI_MESSAGE } from "./message_reactions";

interface PickerData {
  emojis: Record<string, { n: string[]; u: string; v?: string[] }[]>;
}

const fromUnified = (u: string) => String.fromCodePoint(...u.split("-").map((h) => parseInt(h, 16)));

describe("a reaction's emoji", () => {
  it("accepts every emoji of the picker, with every skin tone", () => {
    const file = path.join(process.cwd(), "node_modules/emoji-picker-react/dist/data/emojis-en.json");
    const data = JSON.parse(readFileSync(file, "utf8")) as PickerData;
    const all = Object.values(data.emojis).flatMap((list) => list.flatMap((e) => [e.u, ...(e.v ?? [])]));
    expect(all.length).toBeGreaterThan(3000);
    const refused = all.map(fromUnified).filter((e) => !emoji.safeParse(e).success);
    expect(refused).toEqual([]);
  });

  it("refuses text, two emoji and an empty value in readable words", () => {
    for (const bad of ["nice", "👍👍", "", "a👍", "1", "\u200D"]) {
      const r = emoji.safeParse(bad);
      expect(r.success, bad).toBe(false);
      if (!r.success) expect(r.error.issues[0].message).toBe(EMOJI_MESSAGE);
    }
  });
});
