// What the request log must never hold: credentials. Headers are removed by pino's redact paths;
// a URL is rewritten, because a secret there is one part of a line worth keeping (method, path,
// status). A calendar app polls its feed URL every few minutes, so an unredacted feed secret would
// sit in every log a deployment keeps.
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

/**
 * Path segments that are themselves the secret: the private calendar feed
 * (`/calendar/feed/<secret>.ics`, read without signing in) and an invitation's token
 * (`/invitations/<token>`; `/invitations/policy` is a route, not a token).
 */
const SECRET_SEGMENTS: Array<[RegExp, string]> = [
  [/(\/calendar\/feed\/)[^/?#]+/g, `$1${REDACTED}`],
  [/(\/invitations\/)(?!policy(?:[/?#]|$))[^/?#]+/g, `$1${REDACTED}`],
];

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // An undecodable name is judged as written.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
}

/** A URL (path and query, or absolute) with every secret in it replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const q = beforeHash.indexOf("?");
  let pathPart = q < 0 ? beforeHash : beforeHash.slice(0, q);
  for (const [re, to] of SECRET_SEGMENTS) pathPart = pathPart.replace(re, to);
  return q < 0 ? pathPart : `${pathPart}?${redactQuery(beforeHash.slice(q + 1))}`;
}

/** A parsed query or route params object with the secret values replaced. */
function redactFields(fields: unknown, secret: (name: string) => boolean): unknown {
  if (!fields || typeof fields !== "object") return fields;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, secret(k) ? REDACTED : v]));
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
 * route params and the Referer (an invitation page's requests name its link there) lose their
 * secrets. Route params are all dropped: every one of them is also in the URL, redacted.
 */
export function redactRequest(req: SerializedReq): SerializedReq {
  if (typeof req.url === "string") req.url = redactUrl(req.url);
  if (req.query !== undefined) req.query = redactFields(req.query, (k) => SECRET_PARAM.test(k));
  if (req.params !== undefined) req.params = undefined;
  if (req.headers && typeof req.headers.referer === "string") {
    req.headers = { ...req.headers, referer: redactUrl(req.headers.referer) };
  }
  return req;
}
