// Shared by the calls specs: browser flags for media, reading the calls layer through its test
// hook (window.__calls), and the checks on remote video that a person would make by eye.
import { expect, type Browser, type Page } from "@playwright/test";
import { signedInPage } from "./helpers";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

/** The project's Chromium flags plus autoplay, so remote video plays without a click. */
export const CALL_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required"],
};

/** The server's ring timeout, as given to scripts/e2e.mjs (see server/config.ts). */
export const RING_TIMEOUT_MS = Number(process.env.CALL_RING_TIMEOUT_MS || 45_000);

export type CallStatus = "idle" | "connecting" | "connected" | "ended";

export async function person(browser: Browser, email: string) {
  const { context, page } = await signedInPage(browser, email);
  const me = await page.evaluate(async () => {
    const res = await fetch("/api/auth/me", { headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}` } });
    return (await res.json()) as { id: number; full_name: string };
  });
  // The socket must be up before anyone calls us, or the invite waits for the next poll/connect.
  await expect.poll(() => page.evaluate(() => !!window.__calls), { timeout: 60_000 }).toBe(true);
  return { context, page, id: me.id, name: me.full_name };
}

export function callStatus(page: Page): Promise<CallStatus | undefined> {
  return page.evaluate(() => window.__calls?.state().status);
}

export async function expectStatus(page: Page, status: CallStatus, timeout = 20_000): Promise<void> {
  await expect.poll(() => callStatus(page), { timeout }).toBe(status);
}

/** How many remote participants this page receives a live stream from. */
export function remoteStreams(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Object.values(window.__calls?.state().participants ?? {}).filter(
        (p) => p.stream && p.stream.getTracks().some((t) => t.readyState === "live"),
      ).length,
  );
}

/** Every remote video on the page has pixels and its time moves on: the picture is really playing. */
export async function expectRemoteVideoPlaying(page: Page, count: number, timeout = 10_000): Promise<void> {
  const selector = '[data-testid="remote-video"] video, [data-testid^="remote-tile-"] video';
  await page.waitForFunction(
    ({ selector, count }) => {
      const videos = [...document.querySelectorAll<HTMLVideoElement>(selector)];
      return videos.length >= count && videos.filter((v) => v.videoWidth > 0 && v.currentTime > 0).length >= count;
    },
    { selector, count },
    { timeout },
  );
  const before = await page.$$eval(selector, (vs) => vs.map((v) => (v as HTMLVideoElement).currentTime));
  await page.waitForTimeout(600);
  const after = await page.$$eval(selector, (vs) => vs.map((v) => (v as HTMLVideoElement).currentTime));
  expect(after.filter((t, i) => t > (before[i] ?? 0)).length).toBeGreaterThanOrEqual(count);
}

/** Sum of the received audio energy from everyone, read from the peer connections' stats. */
export function inboundAudioEnergy(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const { pc } of window.__calls?.peerConnections() ?? []) {
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (s.type === "inbound-rtp" && s.kind === "audio") total += s.totalAudioEnergy ?? 0;
      });
    }
    return total;
  });
}

/** Audio energy received over a short window; near zero when the sender's track is disabled. */
export async function audioEnergyOver(page: Page, ms = 1500): Promise<number> {
  const a = await inboundAudioEnergy(page);
  await page.waitForTimeout(ms);
  return (await inboundAudioEnergy(page)) - a;
}

export async function setMyStatus(page: Page, label: "Online" | "Away" | "Busy"): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitemradio", { name: label }).click();
  await page.keyboard.press("Escape");
}

export async function callFromDirectory(page: Page, name: string, kind: "Audio" | "Video" = "Video"): Promise<void> {
  if (!/\/Directory$/.test(page.url())) await page.goto("/Directory");
  // As a person would in a directory of any size: search for them, then call.
  await page.getByPlaceholder(/^Search by name/).fill(name);
  await page.getByRole("button", { name: `${kind} call ${name}` }).click();
}

export async function acceptIncoming(page: Page, from: string): Promise<number> {
  const dialog = page.getByTestId("incoming-call");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(from);
  await dialog.getByRole("button", { name: "Accept call" }).click();
  // The moment the page handled the click, not when Playwright started to move the mouse.
  await expect.poll(() => page.evaluate(() => window.__calls?.state().acceptedAt ?? 0)).toBeGreaterThan(0);
  return page.evaluate(() => window.__calls!.state().acceptedAt!);
}

/** When each page painted its first remote frame (epoch ms, one per remote participant). */
export function firstFrames(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Object.values(window.__calls?.state().participants ?? {})
      .map((p) => p.firstFrameAt ?? 0)
      .filter(Boolean),
  );
}

/** On failure: what each page's calls layer went through, to tell a slow server from a bug. */
export async function dumpCallState(pages: Record<string, Page>): Promise<void> {
  for (const [label, p] of Object.entries(pages)) {
    const info = await p
      .evaluate(() => {
        const s = window.__calls?.state();
        const t = window.__calls?.timeline() ?? [];
        const t0 = t[0]?.at ?? 0;
        return `status=${s?.status} media=${s?.media} end=${s?.endReason} | ${t.map((m) => `${m.event}+${m.at - t0}`).join(" ")}`;
      })
      .catch((e) => String(e));
    console.log(`[calls] ${label}: ${info}`);
  }
}

/** Hangs up whatever call the page is in, so the people of a failed attempt are free for its retry. */
export async function hangUpIfInCall(page: Page): Promise<void> {
  const button = page.getByTestId("active-call").getByRole("button", { name: "Hang up" });
  if (await button.isVisible().catch(() => false)) await button.click({ timeout: 5_000 }).catch(() => {});
}

/** The lower call quality for this browser (many people on one 2-core machine). */
export async function lowQuality(page: Page): Promise<void> {
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem("team_app_settings") ?? "{}");
    localStorage.setItem("team_app_settings", JSON.stringify({ ...s, call_quality: "low" }));
  });
}

/** A meeting in the calendar an hour from now, made by the signed-in person of `page`; answers its meeting id. */
export async function createMeeting(page: Page, attendees: string[], title: string): Promise<string> {
  return page.evaluate(
    async ({ attendees, title }) => {
      const start = new Date(Date.now() + 3600_000);
      const res = await fetch("/api/entities/calendar_events", {
        method: "POST",
        headers: { "content-type": "application/json", Authorization: `Bearer ${sessionStorage.getItem("access_token")}` },
        body: JSON.stringify({
          title: `${title} ${Date.now().toString(36)}`,
          start_datetime: start.toISOString(),
          end_datetime: new Date(start.getTime() + 3600_000).toISOString(),
          event_type: "meeting",
          attendees,
        }),
      });
      return ((await res.json()) as { meeting_id: string }).meeting_id;
    },
    { attendees, title },
  );
}

/** Opens the meeting's pre-join page, joins, and waits until connected. */
export async function walkIn(page: Page, meetingId: string): Promise<void> {
  await page.goto(`/Meet?meetingId=${meetingId}`);
  await expect(page.getByTestId("self-view")).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Join meeting" }).click();
  await expectStatus(page, "connected", 60_000);
}
