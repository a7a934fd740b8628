// The meeting scenario (docs/calls.md): N browsers (Chromium, one process,
// a context each, a 320x180 fake camera) walk into one meeting, through Janus or as a mesh, and we
// measure what it costs: Janus's and the server's CPU, each browser's send and receive bitrate,
// and the time from clicking Join to the first remote frame.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import type { Db } from "../../server/db";
import { startJanus, type RunningJanus } from "../../server/test/janus";
import { BENCH_PASSWORD, type BenchUser } from "../../server/test/fixture";
import { spawnServer } from "./servers";
import { cpuSeconds } from "./cpu";
import { fakeMediaArgs, flashBeepMedia } from "../../e2e/fake-media";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium";

export interface MeetingResult {
  media: "sfu" | "mesh";
  people: number;
  janusCpu: number | null;
  serverCpu: number;
  sendKbps: { avg: number; max: number };
  receiveKbps: { avg: number; max: number };
  firstFrameMs: { p50: number; max: number };
  /** People who saw everyone else's video. */
  complete: number;
}

async function signIn(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1000, height: 650 } });
  const page = await ctx.newPage();
  await page.goto("/Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/Dashboard$/, { timeout: 60_000 });
  // The low call quality: a mesh asks for less than 1080p.
  await page.evaluate(() => localStorage.setItem("team_app_settings", JSON.stringify({ call_quality: "low" })));
  return page;
}

/** Bytes sent and received so far over all of a page's connections. */
function bytes(page: Page): Promise<{ sent: number; received: number }> {
  return page.evaluate(async () => {
    let sent = 0;
    let received = 0;
    for (const { pc } of window.__calls?.peerConnections() ?? []) {
      (await pc.getStats()).forEach((s: { type: string; bytesSent?: number; bytesReceived?: number }) => {
        if (s.type === "outbound-rtp") sent += s.bytesSent ?? 0;
        if (s.type === "inbound-rtp") received += s.bytesReceived ?? 0;
      });
    }
    return { sent, received };
  });
}

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : 0);

/** The browsers load the built web client, as `npm start` serves it: build it if it is missing. */
function ensureClientBuilt() {
  const root = path.resolve(import.meta.dirname, "../..");
  if (fs.existsSync(path.join(root, "dist/client/index.html"))) return;
  const r = spawnSync(process.execPath, [path.join(root, "scripts/build-client.mjs")], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("building the web client failed");
}

export async function runMeeting(opts: {
  db: Db;
  appEnv: Record<string, string>;
  users: BenchUser[];
  people: number;
  media: "sfu" | "mesh";
  measureSec: number;
  release: () => Promise<void>;
}): Promise<MeetingResult> {
  const users = opts.users.slice(0, opts.people);
  const meetingId = `bench${opts.media}${opts.people}${Date.now().toString(36)}`;
  await opts.db
    .insertInto("calendar_events")
    .values({ title: "Bench meeting", start_datetime: new Date(), end_datetime: new Date(Date.now() + 3600_000), event_type: "meeting", meeting_id: meetingId, created_by: users[0].email, attendees: users.slice(1).map((u) => u.email) })
    .execute();
  await opts.release();
  ensureClientBuilt();
  let janus: RunningJanus | null = null;
  if (opts.media === "sfu") janus = await startJanus();
  const app = await spawnServer("server/index.ts", { ...opts.appEnv, ...(janus ? { JANUS_URL: janus.url } : {}), ICE_SERVERS: "[]" });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required", ...fakeMediaArgs(flashBeepMedia())],
  });
  try {
    const pages = await Promise.all(users.map((u) => signIn(browser, app.url, u.email)));
    const joinedAt: number[] = [];
    for (const page of pages) {
      await page.goto(`/Meet?meetingId=${meetingId}`);
      await page.getByRole("button", { name: "Join meeting" }).waitFor({ timeout: 60_000 });
      joinedAt.push(Date.now());
      await page.getByRole("button", { name: "Join meeting" }).click();
    }
    // Everyone sees everyone (or two minutes pass).
    const want = opts.people - 1;
    const seen = async (page: Page) =>
      page.evaluate(() => [...document.querySelectorAll<HTMLVideoElement>('[data-testid^="remote-tile-"] video')].filter((v) => v.videoWidth > 0 && v.currentTime > 0).length);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && (await Promise.all(pages.map(seen))).some((n) => n < want)) await new Promise((r) => setTimeout(r, 1000));
    const firstFrames = await Promise.all(
      pages.map((p, i) =>
        p.evaluate(() => Object.values(window.__calls?.state().participants ?? {}).map((x) => x.firstFrameAt ?? 0)).then((fs) => fs.filter(Boolean).map((t) => t - joinedAt[i])),
      ),
    );
    // Measure a quiet window.
    const before = await Promise.all(pages.map(bytes));
    const cpu0 = { app: cpuSeconds(app.proc.pid!), janus: janus ? cpuSeconds(janus.pid) : 0 };
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, opts.measureSec * 1000));
    const after = await Promise.all(pages.map(bytes));
    const secs = (Date.now() - t0) / 1000;
    const cpu1 = { app: cpuSeconds(app.proc.pid!), janus: janus ? cpuSeconds(janus.pid) : 0 };
    const kbps = (a: number, b: number) => ((b - a) * 8) / 1000 / secs;
    const send = after.map((x, i) => kbps(before[i].sent, x.sent));
    const recv = after.map((x, i) => kbps(before[i].received, x.received));
    const frames = firstFrames.flat();
    const counts = await Promise.all(pages.map(seen));
    return {
      media: opts.media,
      people: opts.people,
      janusCpu: janus ? (cpu1.janus - cpu0.janus) / secs : null,
      serverCpu: (cpu1.app - cpu0.app) / secs,
      sendKbps: { avg: send.reduce((a, b) => a + b, 0) / send.length, max: Math.max(...send) },
      receiveKbps: { avg: recv.reduce((a, b) => a + b, 0) / recv.length, max: Math.max(...recv) },
      firstFrameMs: { p50: pct(frames, 50), max: Math.max(0, ...frames) },
      complete: counts.filter((n) => n >= want).length,
    };
  } finally {
    await browser.close();
    await app.stop();
    await janus?.stop();
  }
}
