import { describe, expect, it } from "vitest";
import { chooseLayers } from "./layers";

describe("simulcast layer per tile", () => {
  it("small tiles get the small layer, the speaker and the pinned person the full one", () => {
    const ids = [1, 2, 3, 4, 5];
    const layers = chooseLayers(ids, { speakerId: 2, pinnedId: 4 });
    expect(layers).toEqual([
      { user_id: 1, substream: 0 },
      { user_id: 2, substream: 2 },
      { user_id: 3, substream: 0 },
      { user_id: 4, substream: 2 },
      { user_id: 5, substream: 0 },
    ]);
  });
  it("a grid of four gets the middle layer, a one-to-one the full one", () => {
    expect(chooseLayers([1, 2, 3], { speakerId: null, pinnedId: null }).map((l) => l.substream)).toEqual([1, 1, 1]);
    expect(chooseLayers([1], { speakerId: null, pinnedId: null })).toEqual([{ user_id: 1, substream: 2 }]);
  });
});
