// What the request log must never hold: credentials, and what people searched for. Headers are
// removed by pino's redact paths; a URL is rewritten, because a secret there is one part of a line
// worth keeping (method, path, status). A calendar app polls its feed URL every few minutes, so an
// unredacted feed secret would sit in every log a deployment keeps; a search's words (docs/search.md) say what someone was looking for, in private channels and their own notes too.
import type { IncomingMessage } from "node:http";

export const REDACTED = "[redacted]";

/** Request headers that carry credentials, removed whole (pino redact paths). */
export const LOG_REDACT = [
  "req.headers.authorization",
  'req.headers["proxy-authorization"]',
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];

/**
 * Query parameters whose value is a credential: `token` (invitation links, clients that cannot
 * send headers), OAuth-style `access_token` and friends, presigned-URL signatures and keys.
 */
const SECRET_PARAM = /token|secret|passw|signature|credential|^(sig|key|api[-_]?key)$/i;

/** Query parameters holding what a person typed to search: `q` of GET /api/search and GET /api/notes/search. */
const PRIVATE_TEXT_PARAM = /^q$/i;

const redactedName = (name: string) => SECRET_PARAM.test(name) || PRIVATE_TEXT_PARAM.test(name);

/** A JWT (three base64url parts, the first a JSON header: `eyJ`), wherever it sits in a value. */
const JWT = /eyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/;
/** Runs of base64url or hex long enough to be a generated secret (24 characters hold at least 96 bits). */
const LONG_RUN = /[\w-]{24,}/g;

/** Shannon entropy of a string's characters, in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / s.length) * Math.log2(n / s.length);
  return bits;
}

/**
 * Whether a value holds something shaped like a credential, whatever its parameter is called: a
 * client that cannot send headers may put its bearer token in any parameter (`?auth=`), and that
 * is as much a secret there as under `token`. A long run counts when it mixes letters with digits
 * or cases and is about as varied as random text: a random 24-character hex string has some 3.4
 * bits a character, and fewer than 2.75 one time in a few thousand. Numeric ids, dates and plain
 * words stay readable; a long slug mixing words and digits may not, which costs the log a value,
 * where missing a token would leak it.
 */
export function looksLikeSecret(value: string): boolean {
  if (JWT.test(value)) return true;
  for (const [run] of value.matchAll(LONG_RUN)) {
    const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((re) => re.test(run)).length;
    if (classes >= 2 && entropy(run) >= 2.75) return true;
  }
  return false;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    // Undecodable text is judged as written.
    return text;
  }
}

/**
 * Path segments that are themselves the secret: the private calendar feed
 * (`/calendar/feed/<secret>.ics`, read without signing in) and an invitation's token
 * (`/invitations/<token>`; `/invitations/policy` is a route, not a token) and an incoming webhook's
 * token (`/hooks/<token>`).
 */
const SECRET_SEGMENTS: Array<[RegExp, string]> = [
  [/(\/calendar\/feed\/)[^/?#]+/g, `$1${REDACTED}`],
  [/(\/invitations\/)(?!policy(?:[/?#]|$))[^/?#]+/g, `$1${REDACTED}`],
  // An incoming webhook's address is its only credential (docs/integrations.md).
  [/(\/hooks\/)[^/?#]+/g, `$1${REDACTED}`],
];

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      // A secret sent as a parameter's name (`?<token>`) goes with its value.
      if (looksLikeSecret(decoded(name))) return REDACTED;
      if (eq < 0) return pair;
      return redactedName(decoded(name)) || looksLikeSecret(decoded(pair.slice(eq + 1))) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
}

/** A URL (path and query, or absolute) with every secret and search text in it replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const q = beforeHash.indexOf("?");
  let pathPart = q < 0 ? beforeHash : beforeHash.slice(0, q);
  for (const [re, to] of SECRET_SEGMENTS) pathPart = pathPart.replace(re, to);
  return q < 0 ? pathPart : `${pathPart}?${redactQuery(beforeHash.slice(q + 1))}`;
}

/** Whether a parsed query value (text, or lists and objects of it) holds anything shaped like a credential. */
function holdsSecret(v: unknown): boolean {
  if (typeof v === "string") return looksLikeSecret(v);
  if (v && typeof v === "object") return Object.values(v).some(holdsSecret);
  return false;
}

/** A parsed query with the secret and searched-for values replaced. */
function redactFields(fields: unknown): unknown {
  if (!fields || typeof fields !== "object") return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => (looksLikeSecret(k) ? [REDACTED, REDACTED] : [k, redactedName(k) || holdsSecret(v) ? REDACTED : v])),
  );
}

interface SerializedReq {
  url?: string;
  query?: unknown;
  params?: unknown;
  headers?: Record<string, unknown>;
  raw?: IncomingMessage;
}

/**
 * pino-http's request serializer, applied after the standard one: the URL, the parsed query, the
 * route params and the Referer (an invitation page's requests name its link there, the search
 * page's its words) lose their secrets. Route params are all dropped: every one of them is also
 * in the URL, redacted.
 */
export function redactRequest(req: SerializedReq): SerializedReq {
  if (typeof req.url === "string") req.url = redactUrl(req.url);
  if (req.query !== undefined) req.query = redactFields(req.query);
  if (req.params !== undefined) req.params = undefined;
  if (req.headers && typeof req.headers.referer === "string") {
    req.headers = { ...req.headers, referer: redactUrl(req.headers.referer) };
  }
  return req;
}
