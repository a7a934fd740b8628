// The egress guard (docs/integrations.md, "Link previews"): the one HTTP client for requests the
// server makes to an address someone typed. Its rules:
// - only http and https, on ports 80 and 443 (EGRESS_ALLOW_PORTS adds others, for tests);
// - no credentials in the URL;
// - every address the host resolves to must be public (./addresses.mjs: not private, loopback,
//   link-local, CGNAT, multicast, unique-local, reserved, nor an IPv4-mapped IPv6 address of
//   these), unless it lies in a range EGRESS_ALLOW_RANGES allow-lists. It is checked before the
//   request (a clear refusal) and again in the connection itself by request-filtering-agent's
//   agents, which check the answer of the connection's own lookup, the address the socket is
//   about to connect to: a name that answers a public address first and a private one next
//   (DNS rebinding) gets nowhere;
// - redirects are followed by hand, at most 3, each new address checked as the first;
// - 5 s in all (redirects included), at most 1 MB of body (a longer one is cut off and refused);
// - a caller may ask for HTML only (link previews): another content type is refused unread.
import http from "node:http";
import https from "node:https";
import dns from "node:dns";
import net from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { inRanges, isPublicAddress, parseRanges, type Range } from "./addresses.mjs";

/** What configuration lets through beyond the public internet on ports 80 and 443. */
export interface EgressRules {
  /** Address ranges (CIDR) allowed though not public: EGRESS_ALLOW_RANGES. */
  allowRanges: readonly string[];
  /** Ports allowed besides 80 and 443: EGRESS_ALLOW_PORTS. */
  allowPorts: readonly number[];
}

export const NO_EXTRA_EGRESS: EgressRules = { allowRanges: [], allowPorts: [] };

export const EGRESS_LIMITS = { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 3 } as const;

export type RefusalReason = "url" | "port" | "address" | "unresolved" | "redirects" | "timeout" | "too-large" | "not-html" | "status" | "network";

/** A request the guard refused or that failed; `reason` says which rule. */
export class EgressRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = "EgressRefused";
  }
}

export interface GuardedGetOptions {
  rules?: EgressRules;
  /** Refuse a response that is not HTML (text/html, application/xhtml+xml). */
  htmlOnly?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The name lookup (tests inject one to play a DNS server); the system's by default. */
  lookup?: net.LookupFunction;
  /** Sent as the User-Agent. */
  userAgent?: string;
}

export interface GuardedResponse {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

type Address = { address: string; family: number };

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

const rangeCache = new Map<string, Range[]>();
function rangesOf(rules: EgressRules): Range[] {
  const key = rules.allowRanges.join(",");
  let r = rangeCache.get(key);
  if (!r) {
    r = parseRanges(rules.allowRanges);
    if (rangeCache.size > 20) rangeCache.clear();
    rangeCache.set(key, r);
  }
  return r;
}

/** Whether the guard lets a request go to this address. */
export function addressAllowed(address: string, rules: EgressRules = NO_EXTRA_EGRESS): boolean {
  return isPublicAddress(address) || inRanges(address, rangesOf(rules));
}

/** The URL a request may go to, or the refusal: its scheme, credentials and port. */
export function checkUrl(raw: string, rules: EgressRules = NO_EXTRA_EGRESS): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EgressRefused("url", "not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new EgressRefused("url", "only http and https addresses are fetched");
  if (url.username || url.password) throw new EgressRefused("url", "an address with credentials is not fetched");
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (port !== 80 && port !== 443 && !rules.allowPorts.includes(port)) throw new EgressRefused("port", `port ${port} is not fetched (only 80 and 443)`);
  return url;
}

const systemLookup = dns.lookup as unknown as net.LookupFunction;

function resolveAll(host: string, lookup: net.LookupFunction): Promise<Address[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (err, addresses) => {
      if (err) reject(err);
      else resolve(Array.isArray(addresses) ? addresses : [{ address: addresses as unknown as string, family: 4 }]);
    });
  });
}

/** Checks every address the URL's host resolves to now (the connection checks again). */
async function checkAddresses(url: URL, rules: EgressRules, lookup: net.LookupFunction): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: Address[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await resolveAll(host, lookup);
    } catch {
      throw new EgressRefused("unresolved", `${host} does not resolve`);
    }
  }
  if (!addresses.length || addresses.some((a) => !addressAllowed(a.address, rules))) {
    throw new EgressRefused("address", `${host} is not a public address`);
  }
}

/** The agents that check the address in the connection; one pair per allow-list. */
const agentCache = new Map<string, { http: http.Agent; https: https.Agent }>();
function agentsFor(rules: EgressRules) {
  const key = rules.allowRanges.join(",");
  let a = agentCache.get(key);
  if (!a) {
    // No keep-alive: a kept connection would skip the check of a later request's address.
    const options = { keepAlive: false, allowIPAddressList: [...rules.allowRanges], denyIPAddressList: ["198.18.0.0/15"] };
    a = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
    if (agentCache.size > 20) agentCache.clear();
    agentCache.set(key, a);
  }
  return a;
}

interface Hop {
  status: number;
  location?: string;
  contentType: string;
  body: Buffer;
}

/** One request, no redirect followed; aborts at the deadline or past the size cap. */
function requestOnce(url: URL, o: Required<Pick<GuardedGetOptions, "htmlOnly" | "maxBytes">> & { rules: EgressRules; lookup: net.LookupFunction; signal: AbortSignal; userAgent: string }): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const agents = agentsFor(o.rules);
    const isHttps = url.protocol === "https:";
    const request = isHttps ? https.request : http.request;
    const req = request(
      url,
      {
        method: "GET",
        agent: isHttps ? agents.https : agents.http,
        lookup: o.lookup,
        signal: o.signal,
        headers: { "user-agent": o.userAgent, accept: o.htmlOnly ? "text/html,application/xhtml+xml" : "*/*", "accept-encoding": "identity" },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers["content-type"] ?? "").toLowerCase();
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new EgressRefused("status", `the page answered ${status}`));
        }
        if (o.htmlOnly && !HTML_TYPES.has(contentType.split(";")[0].trim())) {
          res.destroy();
          return reject(new EgressRefused("not-html", `not an HTML page (${contentType || "no content type"})`));
        }
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > o.maxBytes) {
          res.destroy();
          return reject(new EgressRefused("too-large", `the page is larger than ${o.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > o.maxBytes) {
            res.destroy();
            req.destroy();
            reject(new EgressRefused("too-large", `the page is larger than ${o.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        res.on("close", () => {
          if (!res.complete) reject(o.signal.aborted ? new EgressRefused("timeout", "no answer in time") : new EgressRefused("network", "the page was cut off"));
        });
        res.on("error", (err) => reject(o.signal.aborted ? new EgressRefused("timeout", "no answer in time") : new EgressRefused("network", err.message)));
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (o.signal.aborted) reject(new EgressRefused("timeout", "no answer in time"));
      // request-filtering-agent destroys the socket with this wording when the address it is
      // about to connect to is not allowed.
      else if (/is not allowed/i.test(err.message)) reject(new EgressRefused("address", `${url.hostname} is not a public address`));
      else reject(new EgressRefused("network", err.code ?? err.message));
    });
    req.end();
  });
}

/** A slow name lookup counts against the time limit too. */
function beforeDeadline<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new EgressRefused("timeout", "no answer in time"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new EgressRefused("timeout", "no answer in time"));
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * GET through the guard: the body of the last answer after at most `maxRedirects` redirects,
 * each one checked as the first address was. Throws EgressRefused (never anything else).
 */
export async function guardedGet(raw: string, options: GuardedGetOptions = {}): Promise<GuardedResponse> {
  const rules = options.rules ?? NO_EXTRA_EGRESS;
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.timeoutMs ?? EGRESS_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? EGRESS_LIMITS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = checkUrl(raw, rules);
    for (let hop = 0; ; hop++) {
      await beforeDeadline(checkAddresses(url, rules, lookup), controller.signal);
      if (controller.signal.aborted) throw new EgressRefused("timeout", "no answer in time");
      const r = await requestOnce(url, {
        rules,
        // request-filtering-agent wraps this lookup: the connection is refused in it, before connecting.
        lookup,
        signal: controller.signal,
        htmlOnly: options.htmlOnly ?? false,
        maxBytes: options.maxBytes ?? EGRESS_LIMITS.maxBytes,
        userAgent: options.userAgent ?? "TeamspaceBot/1.0 (link preview)",
      });
      if (r.location === undefined) return { url: url.toString(), status: r.status, contentType: r.contentType, body: r.body };
      if (hop >= maxRedirects) throw new EgressRefused("redirects", `more than ${maxRedirects} redirects`);
      let next: string;
      try {
        next = new URL(r.location, url).toString();
      } catch {
        throw new EgressRefused("url", "a redirect to something that is not a URL");
      }
      url = checkUrl(next, rules);
    }
  } catch (err) {
    if (err instanceof EgressRefused) throw err;
    if (controller.signal.aborted) throw new EgressRefused("timeout", "no answer in time");
    throw new EgressRefused("network", err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
}

/** Parses EGRESS_ALLOW_RANGES / EGRESS_ALLOW_PORTS text; a string is the reason it is refused. */
export function parseEgressRanges(raw: string | undefined): string[] | string {
  const list = (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  try {
    parseRanges(list);
  } catch {
    return "must be a comma-separated list of addresses or CIDR ranges";
  }
  return list;
}

export function parseEgressPorts(raw: string | undefined): number[] | string {
  const list = (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const ports = list.map(Number);
  if (ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) return "must be a comma-separated list of ports";
  return ports;
}
