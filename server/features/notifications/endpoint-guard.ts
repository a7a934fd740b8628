// Push endpoints are URLs a browser hands us, and the server then sends requests to them: a
// forged subscription could aim those requests at the server's own network (loopback, private
// ranges, the cloud metadata address). So an endpoint must be an https URL whose host is, and
// resolves only to, public addresses (README, "Notifications"): checked when the subscription is
// saved and again on every send, where the address the request connects to is the one checked
// (a lookup in the connection itself, so a name that changes its answer in between gains nothing).
// PUSH_ALLOW_PRIVATE_ENDPOINTS=1 lifts this for a local push service in tests.
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

export const ENDPOINT_NOT_PUBLIC = "endpoint must be the push service's https URL on a public host";

// ipaddr.js calls these "unicast" although they are for benchmarks (RFC 2544), not the internet.
const BENCHMARK = ipaddr.IPv4.parseCIDR("198.18.0.0/15");

/** Whether an IP address is one of the public internet (not loopback, private, link-local, reserved ...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process: an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const ip = ipaddr.process(address);
  if (ip.range() !== "unicast") return false;
  if (ip instanceof ipaddr.IPv4 && ip.match(BENCHMARK)) return false;
  return true;
}

/** What configuration lets through: PUSH_ALLOW_PRIVATE_ENDPOINTS and PUSH_ALLOW_HTTP (local push services in tests). */
export interface EndpointRules {
  allowPrivateEndpoints: boolean;
  allowHttpEndpoints: boolean;
}

/** The reason an endpoint URL is refused before any lookup, or null. */
export function endpointShapeProblem(endpoint: string, rules: EndpointRules): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_NOT_PUBLIC;
  }
  const http = url.protocol === "http:" && rules.allowHttpEndpoints;
  if (!(url.protocol === "https:" || http) || url.username || url.password) return ENDPOINT_NOT_PUBLIC;
  if (rules.allowPrivateEndpoints) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return isPublicAddress(host) ? null : ENDPOINT_NOT_PUBLIC;
  // A bare name ("localhost", "metadata") or one of the names kept for local use never is public.
  if (!host.includes(".") || /\.(localhost|local|internal|home\.arpa)\.?$/i.test(host)) return ENDPOINT_NOT_PUBLIC;
  return null;
}

type LookupAddress = { address: string; family: number };
type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * The reason an endpoint is refused, or null: its shape, then every address its host resolves
 * to (all must be public; a name that does not resolve is refused too).
 */
export async function endpointProblem(endpoint: string, rules: EndpointRules, resolve: Resolve = systemResolve): Promise<string | null> {
  const shape = endpointShapeProblem(endpoint, rules);
  if (shape || rules.allowPrivateEndpoints) return shape;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return `endpoint host ${host} does not resolve`;
  }
  if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address))) return ENDPOINT_NOT_PUBLIC;
  return null;
}

/**
 * A `lookup` for http(s).request that only connects to public addresses: the check sits in the
 * connection, so what is checked is what is connected to.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as (e: Error) => void)(err);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (!list.length || bad) {
      const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), { code: "ENOTPUBLIC" });
      return (callback as (e: Error) => void)(refused);
    }
    if ((options as dns.LookupOptions).all) return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
    return (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
  });
};
