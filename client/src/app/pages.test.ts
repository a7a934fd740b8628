import { describe, expect, it } from "vitest";
import { pageFromPath } from "./pages";

describe("pageFromPath", () => {
  it("takes the last path segment, case-insensitively", () => {
    expect(pageFromPath("/Chat")).toBe("Chat");
    expect(pageFromPath("/chat")).toBe("Chat");
    expect(pageFromPath("/a/b/FILELIBRARY")).toBe("FileLibrary");
    expect(pageFromPath("/CallHistory/")).toBe("CallHistory");
  });

  it("serves Dashboard at / and for unknown names", () => {
    expect(pageFromPath("/")).toBe("Dashboard");
    expect(pageFromPath("")).toBe("Dashboard");
    expect(pageFromPath("/nope")).toBe("Dashboard");
    expect(pageFromPath("/Chat/unknown")).toBe("Dashboard");
  });
});
