import { request } from "../../../lib/http";

const FALLBACK: RTCIceServer[] = [{ urls: "stun:stun.l.google.com:19302" }, { urls: "stun:stun1.l.google.com:19302" }];

let cached: Promise<RTCIceServer[]> | null = null;

/** STUN/TURN come from the server (ICE_SERVERS), so TURN credentials are never baked into the bundle. */
export function loadIceServers(): Promise<RTCIceServer[]> {
  cached ??= request<{ iceServers?: RTCIceServer[] } | RTCIceServer[]>("/webrtc/config")
    .then((res) => (Array.isArray(res) ? res : (res.iceServers ?? FALLBACK)))
    .catch(() => {
      cached = null; // try again on the next call
      return FALLBACK;
    });
  return cached;
}
