// Which addresses the server may send a request to (docs/integrations.md, "Link previews";
// docs/notifications.md): only the public internet's, unless an admin allow-lists a range. The one
// rule for every request to an address someone typed: link previews (./egress.ts) and push
// endpoints (server/features/notifications/public-lookup.mjs). Plain JavaScript so that the push
// thread, which sends pushes, checks addresses with the same code as the server.
import ipaddr from "ipaddr.js";

// ipaddr.js calls these "unicast" although they are for benchmarks (RFC 2544), not the internet.
const BENCHMARK = ipaddr.IPv4.parseCIDR("198.18.0.0/15");

/**
 * Whether an IP address is one of the public internet: not loopback, private, link-local,
 * carrier-grade NAT (100.64/10), multicast, unique-local (fc00::/7), reserved, documentation, or
 * an IPv4-mapped IPv6 address of any of these.
 */
export function isPublicAddress(address) {
  if (!ipaddr.isValid(address)) return false;
  // process: an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const ip = ipaddr.process(address);
  if (ip.range() !== "unicast") return false;
  if (ip instanceof ipaddr.IPv4 && ip.match(BENCHMARK)) return false;
  return true;
}

/** Parses a list of ranges ("10.0.0.0/8", "127.0.0.2", "fd00::/8"); throws on one that is not a range. */
export function parseRanges(list) {
  return list.map((text) => {
    const t = text.trim();
    if (t.includes("/")) return ipaddr.parseCIDR(t);
    const ip = ipaddr.parse(t);
    return [ip, ip.kind() === "ipv4" ? 32 : 128];
  });
}

/** Whether an address lies in one of the (parsed) allow-listed ranges, compared as written: a mapped address is not its IPv4 range. */
export function inRanges(address, ranges) {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  return ranges.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits));
}
