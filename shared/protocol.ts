// The version of the socket contract (shared/realtime.ts) and why a handshake is refused for it,
// without the contract's schemas: the web client's first screen needs these few names, and
// importing shared/realtime.ts there would bring zod and every entity schema into it
// (docs/benchmarks.md, "Cold load").

/**
 * The version of the contract. A client sends the version it speaks in the handshake's `auth`
 * (`{token, protocol_version}`); the server speaks every version from OLDEST_PROTOCOL_VERSION to
 * PROTOCOL_VERSION and refuses the others, so a client is never left misreading pushes
 * (docs/protocol.md, "Connect and authenticate"). Raise it when an older client would misread
 * what the server now sends or send what it no longer takes (an event renamed, a field's meaning
 * changed); a new event or an added field does not need it. A handshake without a version is
 * taken to speak PROTOCOL_VERSION, for clients written before the handshake carried one.
 */
export const PROTOCOL_VERSION = 1;
/** The oldest version this server still speaks: raised once the code for older clients is gone. */
export const OLDEST_PROTOCOL_VERSION = 1;

/**
 * Why a handshake was refused for its protocol version: `clientTooOld` (older than the server
 * still speaks: load the client again), `serverTooOld` (newer than the server speaks: the server
 * has not been upgraded yet) and `invalidProtocol` (not a version at all).
 */
export const INCOMPATIBILITY_REASONS = ["clientTooOld", "serverTooOld", "invalidProtocol"] as const;
export type IncompatibilityReason = (typeof INCOMPATIBILITY_REASONS)[number];

/** The `data` of a `connect_error` refusing the protocol version; its `message` says it in words. */
export interface ProtocolRefusal {
  reason: IncompatibilityReason;
}

/** The reason of a `connect_error`'s `data` when it refuses the protocol version, else null. */
export function refusalReason(data: unknown): IncompatibilityReason | null {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  return (INCOMPATIBILITY_REASONS as readonly unknown[]).includes(reason) ? (reason as IncompatibilityReason) : null;
}
