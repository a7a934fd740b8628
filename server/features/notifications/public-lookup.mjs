// Which addresses a push may be sent to (./endpoint-guard.ts; docs/notifications.md): only the
// public internet's. Plain JavaScript so that the push thread (./push-send.worker.mjs), which
// sends the pushes, checks the addresses it connects to with the same code as the server.
import dns from "node:dns";
import ipaddr from "ipaddr.js";

// ipaddr.js calls these "unicast" although they are for benchmarks (RFC 2544), not the internet.
const BENCHMARK = ipaddr.IPv4.parseCIDR("198.18.0.0/15");

/** Whether an IP address is one of the public internet (not loopback, private, link-local, reserved ...). */
export function isPublicAddress(address) {
  if (!ipaddr.isValid(address)) return false;
  // process: an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const ip = ipaddr.process(address);
  if (ip.range() !== "unicast") return false;
  if (ip instanceof ipaddr.IPv4 && ip.match(BENCHMARK)) return false;
  return true;
}

/**
 * A `lookup` for http(s).request that only connects to public addresses: the check sits in the
 * connection, so what is checked is what is connected to. A refusal fails with code ENOTPUBLIC.
 */
export function publicOnlyLookup(hostname, options, callback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (!addresses.length || bad) {
      return callback(Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), { code: "ENOTPUBLIC" }));
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}
