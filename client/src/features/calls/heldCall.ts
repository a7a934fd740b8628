// The call this tab is in, remembered in sessionStorage (kept across a reload of the tab, gone
// with the tab), so that the page after a reload knows what the one before it left behind
// (docs/calls.md): the meeting page walks back into the same meeting (takeHeldMeeting), any other
// page leaves the call at once (leaveHeldCall) rather than leave the others looking at an empty
// tile until the server's grace runs out.
import { emitWithAck, getSocket } from "../../realtime/socket";
import { pageFromPath } from "../../app/pages";
import { useCallsStore } from "./store";

const KEY = "teamspace:held-call";
/** A page left longer ago than this (and come back to through the history) is joined again by hand. */
const RESUME_WITHIN_MS = 60_000;

export interface HeldCall {
  call_id: string;
  meeting_id: string | null;
  audio: boolean;
  video: boolean;
  /** When it was written: joining, toggling, or the page going away (pagehide). */
  at: number;
}

// Checked by hand, not with zod: this module is in the first screen's bundle (docs/benchmarks.md, "Cold load"),
// and the text is this tab's own, written below.
function parseHeld(text: string | null | undefined): HeldCall | null {
  try {
    const v = JSON.parse(text ?? "null") as Partial<HeldCall> | null;
    const ok =
      !!v &&
      typeof v.call_id === "string" &&
      (v.meeting_id === null || typeof v.meeting_id === "string") &&
      typeof v.audio === "boolean" &&
      typeof v.video === "boolean" &&
      typeof v.at === "number";
    return ok ? (v as HeldCall) : null;
  } catch {
    return null;
  }
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function readAndForget(): HeldCall | null {
  const storage = tabStorage();
  const held = parseHeld(storage?.getItem(KEY));
  storage?.removeItem(KEY);
  return held;
}

/** What the page before this one left behind, taken once when this page starts. */
let left: HeldCall | null = readAndForget();
let written = "";

function follow(): void {
  const s = useCallsStore.getState();
  const inCall = !!s.callId && (s.status === "connecting" || s.status === "connected");
  const now = inCall ? JSON.stringify([s.callId, s.meetingId, s.audioEnabled, s.videoEnabled]) : "";
  if (now === written) return;
  written = now;
  const storage = tabStorage();
  if (!inCall) storage?.removeItem(KEY);
  else storage?.setItem(KEY, JSON.stringify({ call_id: s.callId!, meeting_id: s.meetingId, audio: s.audioEnabled, video: s.videoEnabled, at: Date.now() } satisfies HeldCall));
}

function stamp(): void {
  if (!written) return;
  const storage = tabStorage();
  const held = parseHeld(storage?.getItem(KEY));
  if (held) storage?.setItem(KEY, JSON.stringify({ ...held, at: Date.now() }));
}

/** Follows the calls store, and stamps the time the page goes; registered once, with the calls socket handlers. */
export function installHeldCall(): () => void {
  const off = useCallsStore.subscribe(follow);
  window.addEventListener("pagehide", stamp);
  return () => {
    off();
    window.removeEventListener("pagehide", stamp);
  };
}

const fresh = (h: HeldCall) => Date.now() - h.at < RESUME_WITHIN_MS;

function onMeetPageOf(meetingId: string): boolean {
  return pageFromPath(window.location.pathname) === "Meet" && new URLSearchParams(window.location.search).get("meetingId") === meetingId;
}

/** On session.ready: a call the page before this one left is left now, unless this is the meeting page that walks back into it. */
export function leaveHeldCall(): void {
  const h = left;
  if (!h || (h.meeting_id && fresh(h) && onMeetPageOf(h.meeting_id))) return;
  left = null;
  if (useCallsStore.getState().callId === h.call_id) return;
  emitWithAck("calls.end", { call_id: h.call_id }).catch((err) => console.warn("Failed to leave the call of the page before", err));
}

/** The meeting page: the tab was in this meeting before its reload, with this microphone and camera; once. */
export function takeHeldMeeting(meetingId: string): HeldCall | null {
  const h = left;
  if (!h || h.meeting_id !== meetingId || !fresh(h)) return null;
  left = null;
  return h;
}

/** Resolves once the socket is connected (commands need it), or after `timeoutMs` regardless. */
export async function socketConnected(timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!getSocket()?.connected && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}
