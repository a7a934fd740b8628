// Which addresses a push may be sent to (./endpoint-guard.ts; docs/notifications.md): only the
// public internet's. Plain JavaScript so that the push thread (./push-send.worker.mjs), which
// sends the pushes, checks the addresses it connects to with the same code as the server.
import dns from "node:dns";
import { isPublicAddress } from "../../net/addresses.mjs";

// The address rule is the egress guard's (server/net/addresses.mjs), the one rule for every
// request to an address someone typed.
export { isPublicAddress };

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
