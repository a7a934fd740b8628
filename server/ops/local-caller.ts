// Who counts as "on this machine" for the two metrics endpoints (GET /metrics, docs/operations.md, "Monitoring"; GET /api/metrics for the load tester): a loopback peer that no proxy forwarded.
// A proxy on the same machine connects from loopback too, so the peer's address alone would hand
// every outside client the local view. Proxies say they forwarded in many words, so any header
// any of them uses to name a client, a host or a hop means "forwarded", whatever TRUST_PROXY
// says: even a trusted proxy's request comes from somewhere else.
import type { Request } from "express";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Forwarding headers by name: RFC 7239 and Via, and the vendors' client-address headers. */
const FORWARDING = new Set([
  "forwarded",
  "via",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "cf-connecting-ipv6",
  "fastly-client-ip",
  "x-cluster-client-ip",
  "x-original-forwarded-for",
  "x-appengine-user-ip",
  "x-azure-clientip",
  "x-proxyuser-ip",
  "x-original-host",
]);

/** X-Forwarded-For, -Host, -Proto, -Port, -Server..., and any other "<vendor>-client-ip"/"-real-ip" header. */
const FORWARDING_PATTERN = /^x-forwarded(-|$)|-(client|connecting|real|user)-?ip(v6)?$/;

export function forwardingHeader(req: Request): string | undefined {
  return Object.keys(req.headers).find((name) => FORWARDING.has(name) || FORWARDING_PATTERN.test(name));
}

/** A caller on this machine that no proxy forwarded. */
export function isLocalCaller(req: Request): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? "") && forwardingHeader(req) === undefined;
}
