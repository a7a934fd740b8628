// How a push travels to its push service (docs/notifications.md): one POST with node's http(s)
// over a kept-alive connection per push service, which only reaches public addresses unless the
// caller allows private ones (PUSH_ALLOW_PRIVATE_ENDPOINTS: a local push service in tests). Plain
// JavaScript: the push thread (./push-send.worker.mjs) sends with it, and the server when that
// thread is not there (./push-send.ts).
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { publicOnlyLookup } from "./public-lookup.mjs";

/**
 * Connections kept open per push service (origin) and guard: an @channel's thousand pushes to one
 * service share up to 16 connections instead of opening a thousand. The agent carries the guard's
 * `lookup`, so every connection it opens is checked as a lone request's is; a kept connection
 * stays with the address that was checked when it opened.
 */
const agents = new Map();
function agentFor(url, lookup) {
  const key = `${url.origin} ${lookup ? "public" : "any"}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= 100) {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    }
    // An idle connection is closed after 4 s, before a push service's own keep-alive timeout
    // (commonly 5 s) closes it under a request.
    const options = { keepAlive: true, maxSockets: 16, maxFreeSockets: 16, timeout: 4_000, ...(lookup ? { lookup } : {}) };
    agent = url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** One POST of an encrypted push; answers the push service's status code. */
export function postPush(endpoint, headers, body, allowPrivate, again = true) {
  const lookup = allowPrivate ? undefined : publicOnlyLookup;
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    const send = url.protocol === "https:" ? https.request : http.request;
    const req = send(url, { method: "POST", headers: { ...headers, "content-length": body?.length ?? 0 }, agent: agentFor(url, lookup), lookup, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("push service did not answer in 10 s")));
    req.on("error", (err) => {
      // A kept connection the push service closed just as it was reused: nothing was taken, so
      // the push goes once more on a fresh connection.
      if (again && req.reusedSocket && err.code === "ECONNRESET") postPush(endpoint, headers, body, allowPrivate, false).then(resolve, reject);
      else reject(err);
    });
    req.end(body ?? undefined);
  });
}

/** Encrypts and signs a push (web-push's generateRequestDetails), then POSTs it; answers the status code. */
export function encryptAndPost({ subscription, payload, options, allowPrivate }) {
  const req = webpush.generateRequestDetails(subscription, payload, options);
  return postPush(req.endpoint, req.headers, req.body ?? null, allowPrivate);
}
