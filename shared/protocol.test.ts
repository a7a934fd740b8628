import { describe, expect, it } from "vitest";
import { refusalReason } from "./protocol";

describe("refusalReason", () => {
  it("reads the reason of a refused handshake and nothing else", () => {
    expect(refusalReason({ reason: "clientTooOld" })).toBe("clientTooOld");
    expect(refusalReason({ reason: "serverTooOld", extra: 1 })).toBe("serverTooOld");
    expect(refusalReason({ reason: "invalidProtocol" })).toBe("invalidProtocol");
    for (const other of [undefined, null, "clientTooOld", {}, { reason: "Not authenticated" }, { reason: ["clientTooOld"] }]) expect(refusalReason(other)).toBeNull();
  });
});
