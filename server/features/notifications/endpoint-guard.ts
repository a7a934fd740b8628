// Push endpoints are URLs a browser hands us, and the server then sends requests to them: a
// forged subscription could aim those requests at the server's own network (loopback, private
// ranges, the cloud metadata address). So an endpoint must be an https URL whose host is, and
// resolves only to, public addresses (docs/notifications.md): checked when the subscription is
// saved and again on every send, where the address the request connects to is the one checked
// (a lookup in the connection itself, so a name that changes its answer in between gains nothing).
// PUSH_ALLOW_PRIVATE_ENDPOINTS=1 lifts this for a local push service in tests.
import dns from "node:dns";
import net from "node:net";
import { isPublicAddress } from "./public-lookup.mjs";

export const ENDPOINT_NOT_PUBLIC = "endpoint must be the push service's https URL on a public host";

export { isPublicAddress, publicOnlyLookup } from "./public-lookup.mjs";

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
