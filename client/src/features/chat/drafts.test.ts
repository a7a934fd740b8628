import { describe, expect, it } from "vitest";
import { DRAFT_MAX_AGE_MS, draftKey, loadDraft, saveDraft } from "./drafts";
import { memoryStorage } from "../../lib/memoryStorage";


describe("drafts", () => {
  it("keys by person and place", () => {
    expect(draftKey(7, { channelId: 3 })).toBe("teamspace:draft:7:channel:3");
    expect(draftKey(7, { threadRootId: 3 })).toBe("teamspace:draft:7:thread:3");
    expect(draftKey("Ann@X.org", { channelId: 3 })).toBe("teamspace:draft:ann@x.org:channel:3");
    expect(draftKey(null, { channelId: 3 })).toBeNull();
    expect(draftKey(7, { channelId: 3 })).not.toBe(draftKey(8, { channelId: 3 }));
  });

  it("keeps, restores and clears a draft", () => {
    const storage = memoryStorage();
    const key = draftKey(1, { channelId: 2 });
    expect(loadDraft(key, storage)).toBe("");
    saveDraft(key, "half a thought", storage);
    expect(loadDraft(key, storage)).toBe("half a thought");
    expect(loadDraft(draftKey(1, { threadRootId: 2 }), storage)).toBe("");
    saveDraft(key, "   ", storage); // sent, or erased: nothing to keep
    expect(storage.map.size).toBe(0);
    expect(loadDraft(key, storage)).toBe("");
  });

  it("drops a draft too old or unreadable", () => {
    const storage = memoryStorage();
    const key = draftKey(1, { channelId: 2 });
    saveDraft(key, "old", storage, 1000);
    expect(loadDraft(key, storage, 1000 + DRAFT_MAX_AGE_MS - 1)).toBe("old");
    expect(loadDraft(key, storage, 1000 + DRAFT_MAX_AGE_MS + 1)).toBe("");
    expect(storage.map.size).toBe(0);
    storage.setItem(key!, "{not json");
    expect(loadDraft(key, storage)).toBe("");
  });

  it("does nothing without storage", () => {
    expect(loadDraft("k", null)).toBe("");
    expect(() => saveDraft("k", "x", null)).not.toThrow();
  });
});
