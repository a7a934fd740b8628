import { describe, expect, it } from "vitest";
import { ENTITIES, ENTITY_TABLES } from "./index";
import { IN_PLACE_TABLES } from "./sync";

describe("IN_PLACE_TABLES", () => {
  it("names exactly the tables whose definitions say sync: in-place", () => {
    const declared = ENTITY_TABLES.filter((t) => (ENTITIES[t] as { sync?: string }).sync === "in-place");
    expect([...IN_PLACE_TABLES].sort()).toEqual(declared.sort());
  });
});
