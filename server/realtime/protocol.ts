// The protocol version a handshake carries (docs/protocol.md, "Connect and authenticate"): a client that
// speaks a version this server does not is refused before anything is sent to it, with a reason
// it can act on (the web client reloads itself), rather than left to misread pushes.
import {
  OLDEST_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  handshakeProtocolVersion,
  type IncompatibilityReason,
  type ProtocolRefusal,
} from "@shared/realtime";

/** The error a refused handshake fails with: `connect_error` with this message and `data: {reason}`. */
export type RefusalError = Error & { data: ProtocolRefusal };

const spoken = OLDEST_PROTOCOL_VERSION === PROTOCOL_VERSION ? `version ${PROTOCOL_VERSION}` : `versions ${OLDEST_PROTOCOL_VERSION} to ${PROTOCOL_VERSION}`;

function refusal(reason: IncompatibilityReason, message: string): RefusalError {
  return Object.assign(new Error(message), { data: { reason } });
}

/**
 * Null when the server speaks the version in the handshake's `auth`, or the error to refuse it
 * with. A handshake without a version is taken to speak PROTOCOL_VERSION: clients written before
 * the handshake carried one (python-socketio scripts among them) keep working.
 */
export function checkProtocol(auth: unknown): RefusalError | null {
  const raw = auth && typeof auth === "object" ? (auth as { protocol_version?: unknown }).protocol_version : undefined;
  const parsed = handshakeProtocolVersion.safeParse(raw);
  if (!parsed.success) {
    return refusal("invalidProtocol", `Invalid protocol version: auth.protocol_version must be a whole number (this server speaks ${spoken})`);
  }
  const version = parsed.data ?? PROTOCOL_VERSION;
  if (version < OLDEST_PROTOCOL_VERSION) {
    return refusal("clientTooOld", `Client too old: it speaks protocol version ${version}, this server speaks ${spoken}; load the client again`);
  }
  if (version > PROTOCOL_VERSION) {
    return refusal("serverTooOld", `Server too old: the client speaks protocol version ${version}, this server speaks ${spoken}; it has not been upgraded yet`);
  }
  return null;
}
