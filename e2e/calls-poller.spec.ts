// A client that only polls the REST shim (docs/protocol.md, "Signal delivery") and a browser on the socket call
// each other. The poller is Node code; for media it borrows a bare page's RTCPeerConnection (no
// app code at all), so the call is checked end to end, not only at the signalling level.
import { expect, test, type Page } from "@playwright/test";
import type { SignalMessage } from "@shared/realtime";
import { USERS, PASSWORD } from "./helpers";
import { CALL_LAUNCH_OPTIONS, acceptIncoming, dumpCallState, callFromDirectory, expectRemoteVideoPlaying, expectStatus, person } from "./calls-helpers";

test.use({ launchOptions: CALL_LAUNCH_OPTIONS, actionTimeout: 30_000 });

const POLLER_EMAIL = "li.wei@example.com";

class Poller {
  received: SignalMessage[] = [];
  constructor(
    readonly base: string,
    readonly token: string,
    readonly id: number,
    readonly name: string,
  ) {}

  static async login(base: string, email: string): Promise<Poller> {
    const res = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string; user: { id: number; full_name: string } };
    return new Poller(base, body.accessToken, body.user.id, body.user.full_name);
  }

  async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}/api/webrtc/${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as T;
  }

  /** One poll, as a polling client does every second. */
  async poll(): Promise<SignalMessage[]> {
    const list = await this.call<SignalMessage[]>("GET", "get-signals");
    this.received.push(...list);
    return list;
  }

  private timer: ReturnType<typeof setInterval> | null = null;
  private polling = false;

  /** Polls every second in the background, like a polling client, whatever the test is doing. */
  start(): void {
    this.timer = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      this.poll()
        .catch(() => {})
        .finally(() => (this.polling = false));
    }, 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async waitFor(type: SignalMessage["message_type"], callId?: string, timeout = 30_000): Promise<SignalMessage> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const hit = this.received.find((s) => s.message_type === type && (!callId || s.call_id === callId));
      if (hit) {
        this.received.splice(this.received.indexOf(hit), 1);
        return hit;
      }
      if (Date.now() > deadline) throw new Error(`no ${type} signal within ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  send(callId: string, to: number, type: SignalMessage["message_type"], data: unknown) {
    return this.call("POST", "send-signal", { call_id: callId, from_user_id: this.id, to_user_id: to, message_type: type, message_data: data });
  }
}

const parse = (d: unknown) => (typeof d === "string" ? JSON.parse(d) : d) as Record<string, unknown>;

/** The poller's WebRTC: a plain RTCPeerConnection with fake camera and microphone. */
async function bareRtc(page: Page): Promise<void> {
  await page.goto("/api/health");
  await page.evaluate(async () => {
    const pc = new RTCPeerConnection({ bundlePolicy: "max-bundle" });
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 640, height: 360 } });
    stream.getTracks().forEach((t) => pc.addTrack(t, stream));
    const w = window as unknown as { pc: RTCPeerConnection; outbox: unknown[]; gotTrack: boolean };
    w.pc = pc;
    w.outbox = [];
    w.gotTrack = false;
    pc.onicecandidate = (e) => {
      if (e.candidate) w.outbox.push({ type: "candidate", candidate: e.candidate.toJSON() });
    };
    pc.ontrack = () => (w.gotTrack = true);
  });
}

/** Moves ICE candidates both ways until the bare peer connection is connected. */
async function relayUntilConnected(poller: Poller, rtc: Page, callId: string, peerId: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const out = await rtc.evaluate(() => (window as unknown as { outbox: unknown[] }).outbox.splice(0));
    for (const c of out) await poller.send(callId, peerId, "ice_candidate", c);
    for (const s of poller.received.splice(0)) {
      if (s.message_type === "ice_candidate" && s.call_id === callId) {
        const data = parse(s.message_data) as { candidate: RTCIceCandidateInit };
        await rtc.evaluate((c) => (window as unknown as { pc: RTCPeerConnection }).pc.addIceCandidate(c), data.candidate);
      }
    }
    const state = await rtc.evaluate(() => (window as unknown as { pc: RTCPeerConnection }).pc.connectionState);
    if (state === "connected") return;
    if (Date.now() > deadline) throw new Error(`bare peer stuck in ${state}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

test("a browser on the socket and a REST poller call each other, both ways", async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const b = await person(browser, USERS.member2);
  const poller = await Poller.login(baseURL!, POLLER_EMAIL);
  const rtcContext = await browser.newContext();
  const rtc = await rtcContext.newPage();
  try {
    await poller.poll(); // announces the poller as online, and drains anything old
    poller.received = [];
    poller.start();

    // 1. The browser calls the poller.
    await bareRtc(rtc);
    await callFromDirectory(b.page, poller.name);
    const invite = await poller.waitFor("call_invite");
    expect(invite.from_user_id).toBe(b.id);
    expect(invite.call_type).toBe("video");
    await poller.call("POST", "answer-call", { call_id: invite.call_id, accepted: true });
    const offer = parse((await poller.waitFor("offer", invite.call_id)).message_data);
    expect(offer.type).toBe("offer");
    const answer = await rtc.evaluate(async (o) => {
      const pc = (window as unknown as { pc: RTCPeerConnection }).pc;
      await pc.setRemoteDescription(o as unknown as RTCSessionDescriptionInit);
      await pc.setLocalDescription(await pc.createAnswer());
      return { type: "answer", sdp: pc.localDescription!.sdp };
    }, offer);
    await poller.send(invite.call_id, b.id, "answer", answer);
    await relayUntilConnected(poller, rtc, invite.call_id, b.id);
    await expectStatus(b.page, "connected");
    await expectRemoteVideoPlaying(b.page, 1, 20_000);
    await b.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();
    await poller.waitFor("call_end", invite.call_id);
    await expectStatus(b.page, "idle");
    await rtc.evaluate(() => (window as unknown as { pc: RTCPeerConnection }).pc.close());

    // 2. The poller calls the browser.
    await bareRtc(rtc);
    const started = await poller.call<{ call_id: string }>("POST", "initiate-call", { target_user_id: b.id, call_type: "video" });
    await acceptIncoming(b.page, poller.name);
    await poller.waitFor("call_accept", started.call_id);
    const myOffer = await rtc.evaluate(async () => {
      const pc = (window as unknown as { pc: RTCPeerConnection }).pc;
      await pc.setLocalDescription(await pc.createOffer());
      return { type: "offer", sdp: pc.localDescription!.sdp };
    });
    await poller.send(started.call_id, b.id, "offer", myOffer);
    const theirAnswer = parse((await poller.waitFor("answer", started.call_id)).message_data);
    expect(theirAnswer.type).toBe("answer");
    await rtc.evaluate((a) => (window as unknown as { pc: RTCPeerConnection }).pc.setRemoteDescription(a as unknown as RTCSessionDescriptionInit), theirAnswer);
    await relayUntilConnected(poller, rtc, started.call_id, b.id);
    await expectStatus(b.page, "connected");
    await expectRemoteVideoPlaying(b.page, 1, 20_000);
    expect(await rtc.evaluate(() => (window as unknown as { gotTrack: boolean }).gotTrack)).toBe(true);
    await poller.call("POST", "end-call", { call_id: started.call_id });
    await expectStatus(b.page, "idle", 10_000);
  } catch (err) {
    await dumpCallState({ B: b.page });
    throw err;
  } finally {
    poller.stop();
    await rtcContext.close();
    await b.context.close();
  }
});
