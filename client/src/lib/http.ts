import { getToken } from "./tokenStorage";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in calls handle their own 401 and must not trigger the sign-out flow. */
  skipAuthFailure?: boolean;
}

let onAuthFailure: (() => void) | null = null;

/** The session store registers here; an expired or revoked token anywhere sends the user to Login. */
export function setAuthFailureHandler(handler: () => void): void {
  onAuthFailure = handler;
}

function buildUrl(path: string, query?: Query): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

type FeedObserver = (seq: number, startedAt: number) => void;
let feedObserver: FeedObserver | null = null;

/**
 * Hears the change feed's position (`X-Feed-Seq`) that lists and rows carry, with when their
 * request started: the realtime layer uses it to catch up on what changed while data loaded.
 */
export function observeFeedPosition(fn: FeedObserver | null): void {
  feedObserver = fn;
}

/** A GET the entry sent before the app's JavaScript arrived, waiting for the request() that wants it. */
interface Early {
  token: string;
  startedAt: number;
  response: Promise<Response>;
}
const early = new Map<string, Early>();
/** An early answer nobody took by then is dropped: a later request would want fresher data. */
const EARLY_KEEP_MS = 10_000;

/**
 * Sends a GET now, from the entry, before the code that reads its answer has arrived (README,
 * "Cold load"): the first `request()` of the same path and query with the same token takes this
 * answer instead of asking again. The two cannot ask for different things: both build the URL here.
 */
export function requestEarly(path: string, query?: Query): void {
  const token = getToken();
  const url = buildUrl(path, query);
  if (!token || early.has(url)) return;
  const response = fetch(url, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` }, credentials: "include" });
  // A failed early request is asked again by whoever wanted it; the rejection is theirs to see, not an unhandled one.
  response.catch(() => {});
  early.set(url, { token, startedAt: performance.now(), response });
  setTimeout(() => early.delete(url), EARLY_KEEP_MS);
}

/** The early answer for this GET, once: only for the token it was sent with. */
function takeEarly(url: string, token: string | null): Early | undefined {
  const e = early.get(url);
  if (!e) return undefined;
  early.delete(url);
  return e.token === token ? e : undefined;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let startedAt = performance.now();
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const sent = (options.method ?? "GET") === "GET" && body === undefined ? takeEarly(url, token) : undefined;
  // The feed position an early answer carries is as old as that request: catch-up counts from then.
  if (sent) startedAt = sent.startedAt;
  const res = await (sent
    ? sent.response
    : fetch(url, {
        method: options.method ?? "GET",
        headers,
        body,
        signal: options.signal,
        credentials: "include",
      }));
  const seq = res.headers.get("X-Feed-Seq");
  if (seq !== null && feedObserver && res.ok) feedObserver(Number(seq), startedAt);
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const message =
      data && typeof data === "object" && "error" in data && typeof data.error === "string"
        ? data.error
        : `Request failed: ${res.status}`;
    if (res.status === 401 && !options.skipAuthFailure) onAuthFailure?.();
    throw new ApiError(message, res.status);
  }
  return data as T;
}
