// Time-limited TURN credentials in coturn's shared-secret scheme (`use-auth-secret` with
// `static-auth-secret`, docs/calls.md, "TURN"): the username is the expiry (Unix seconds) and the user,
// the password is base64(HMAC-SHA1(secret, username)). coturn recomputes it, so nothing is stored
// and a leaked credential dies on its own.
import crypto from "node:crypto";
import type { Config, RTCIceServerLike } from "../../config";

export function turnCredential(secret: string, userId: number, ttlSeconds: number, now = Date.now()): { username: string; credential: string } {
  const username = `${Math.floor(now / 1000) + ttlSeconds}:${userId}`;
  const credential = crypto.createHmac("sha1", secret).update(username).digest("base64");
  return { username, credential };
}

/** The ICE servers a user gets: the configured ones plus, with TURN_SECRET, TURN with fresh credentials. */
export function iceServersFor(config: Pick<Config, "iceServers" | "turn">, userId: number): RTCIceServerLike[] {
  if (!config.turn) return config.iceServers;
  return [...config.iceServers, { urls: config.turn.urls, ...turnCredential(config.turn.secret, userId, config.turn.ttlSeconds) }];
}
