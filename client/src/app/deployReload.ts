// Reloads the web client after a deploy instead of letting old code misread new pushes (docs/protocol.md, "Connect and authenticate"): `session.ready` says which client build the server serves, and a
// handshake the server refuses for its protocol version says why. ./reloadDecision.ts decides
// when; this file listens, looks at what would be lost, and reloads.
import { refusalReason, type IncompatibilityReason } from "@shared/protocol";
import { addSocketHandlers } from "../realtime/socket";
import { useCallsStore } from "../features/calls/store";
import { isComposing } from "../features/chat/composing";
import { decideReload, lastReloadAt, noteReload } from "./reloadDecision";
import { takeNewWorker } from "./serviceWorker";

// The dev server's client is rebuilt on every edit and never reloads for a deploy.
const OWN_BUILD = import.meta.env.DEV ? null : __BUILD_ID__;

let serverBuild: string | null = null;
let refused: IncompatibilityReason | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function callActive(): boolean {
  const s = useCallsStore.getState();
  return s.incoming !== null || s.status === "connecting" || s.status === "connected";
}

function check(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const storage = tabStorage();
  const now = Date.now();
  const d = decideReload({ ownBuild: OWN_BUILD, serverBuild, refused, callActive: callActive(), composing: isComposing(), lastReloadAt: lastReloadAt(storage), now });
  if (d.action === "wait") timer = setTimeout(check, d.retryInMs);
  else if (d.action === "reload") {
    if (!noteReload(storage, now)) return console.warn("Not reloading after a deploy: this tab cannot remember having done so");
    console.info(refused ? `Reloading: the server refused this client (${refused})` : `Reloading: the server now serves build ${serverBuild}`);
    // The installed worker would answer the reload with the old shell: the new one takes over first.
    void takeNewWorker().finally(() => window.location.reload());
  }
}

/** Watches every socket's `session.ready` and refused handshakes (registered once, by bootstrap). */
export function registerDeployReload(): () => void {
  return addSocketHandlers((socket) => {
    socket.on("session.ready", (s) => {
      refused = null;
      serverBuild = s.build ?? null;
      check();
    });
    socket.on("connect_error", (err) => {
      const reason = refusalReason((err as { data?: unknown }).data);
      if (!reason) return;
      refused = reason;
      check();
    });
  });
}
