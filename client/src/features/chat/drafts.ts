// Drafts (docs/messages.md, "Writing"): what was typed in a channel's or a thread's composer and not sent is
// kept in this browser's localStorage, per person and place, so a reload or a visit elsewhere
// loses nothing; sending clears it.

/** A draft older than this is dropped when read (a forgotten word should not haunt a channel). */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const PREFIX = "teamspace:draft:";

export type DraftPlace = { channelId: number } | { threadRootId: number };
type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function defaultStorage(): DraftStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The storage key of one person's draft in one place (null without a person). */
export function draftKey(user: string | number | null | undefined, place: DraftPlace): string | null {
  if (user == null || user === "") return null;
  const where = "channelId" in place ? `channel:${place.channelId}` : `thread:${place.threadRootId}`;
  return `${PREFIX}${String(user).toLowerCase()}:${where}`;
}

/** The kept draft, or "" (none, unreadable or too old). */
export function loadDraft(key: string | null, storage = defaultStorage(), now = Date.now()): string {
  if (!key || !storage) return "";
  try {
    const raw = storage.getItem(key);
    if (!raw) return "";
    const saved = JSON.parse(raw) as { text?: unknown; at?: unknown };
    if (typeof saved.text !== "string" || typeof saved.at !== "number" || now - saved.at > DRAFT_MAX_AGE_MS) {
      storage.removeItem(key);
      return "";
    }
    return saved.text;
  } catch {
    return "";
  }
}

/** Keeps the text as the draft; blank text removes it. */
export function saveDraft(key: string | null, text: string, storage = defaultStorage(), now = Date.now()): void {
  if (!key || !storage) return;
  try {
    if (text.trim()) storage.setItem(key, JSON.stringify({ text, at: now }));
    else storage.removeItem(key);
  } catch {
    // Storage full or disabled: the draft lives as long as the page, as before.
  }
}
