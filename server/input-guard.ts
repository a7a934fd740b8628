// The one guard every input passes before any schema reads it: REST bodies and queries
// (server/app.ts) and socket command payloads (server/realtime/dispatcher.ts) alike, so the two
// refuse the same input in the same words (docs/architecture.md, "The write path": one schema
// per input; this is what runs before it). A zod object schema drops fields it does not know
// without looking inside them, so a field nested thousands deep would otherwise pass unread.

/** How deep an input may nest; free-form fields (signal data, storage settings) check their own, smaller bound. */
export const BODY_MAX_DEPTH = 40;
const NUL = "\u0000";

/**
 * Why a parsed body, query or command payload is refused, naming the field: a NUL character
 * (Postgres text cannot hold one) or nesting deeper than BODY_MAX_DEPTH. Iterative, and it stops
 * at the depth bound, so an input nested thousands deep is refused cheaply.
 */
export function inputProblem(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  while (stack.length) {
    const [v, at, depth] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes(NUL)) return `${at || "value"}: must not contain a NUL character`;
    } else if (v !== null && typeof v === "object" && !Buffer.isBuffer(v)) {
      if (depth >= BODY_MAX_DEPTH) return `${at || "body"}: nested deeper than ${BODY_MAX_DEPTH} levels`;
      for (const [k, x] of Object.entries(v)) {
        if (k.includes(NUL)) return `${at || "body"}: a field name must not contain a NUL character`;
        stack.push([x, at ? `${at}.${k}` : k, depth + 1]);
      }
    }
  }
  return null;
}
