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

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const startedAt = performance.now();
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
  const res = await fetch(buildUrl(path, options.query), {
    method: options.method ?? "GET",
    headers,
    body,
    signal: options.signal,
    credentials: "include",
  });
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
