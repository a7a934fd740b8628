// The documented 2-hour Dashboard cache in local storage, used only to paint the cards at once on
// arrival: the server is always asked as well, and live changes replace what was painted.
const KEY = "dashboard-cache:v1";
/** The cache is kept 2 hours. */
export const DASHBOARD_CACHE_MS = 7_200_000;

interface Stored {
  user: number;
  parts: Record<string, { at: number; data: unknown }>;
}

function read(): Stored | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "null") as Stored | null;
  } catch {
    return null;
  }
}

/** The cached rows of one card for this user, with when they were fetched, if younger than 2 hours. */
export function cachedPart<T>(user: number, part: string, now = Date.now()): { data: T; at: number } | undefined {
  const s = read();
  const p = s && s.user === user ? s.parts[part] : undefined;
  return p && now - p.at < DASHBOARD_CACHE_MS ? { data: p.data as T, at: p.at } : undefined;
}

export function storePart(user: number, part: string, data: unknown): void {
  const s = read();
  const next: Stored = s && s.user === user ? s : { user, parts: {} };
  next.parts[part] = { at: Date.now(), data };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // A full or disabled storage only costs the fast first paint.
  }
}
