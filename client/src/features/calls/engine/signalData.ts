import type { PeerSignal } from "./peer";

// Signal payloads arrive as objects from sockets and as JSON text from the REST shim.
export function parseData(data: unknown): PeerSignal | null {
  if (typeof data === "string") {
    try {
      return JSON.parse(data) as PeerSignal;
    } catch {
      return null;
    }
  }
  return data && typeof data === "object" ? (data as PeerSignal) : null;
}

export function endInfo(data: unknown): { reason?: string; callEnded: boolean } {
  const d = (parseData(data) ?? {}) as { reason?: unknown; call_ended?: unknown };
  return { reason: typeof d.reason === "string" ? d.reason : undefined, callEnded: d.call_ended === true };
}
