import { expect, test, chromium } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { USERS, signedInPage } from "./helpers";
import { CALL_LAUNCH_OPTIONS, acceptIncoming, callFromDirectory, expectRemoteVideoPlaying, expectStatus, person } from "./calls-helpers";
import { SYNC_CLIP_SECONDS, fakeMediaArgs, flashBeepMedia, quietMedia } from "./fake-media";
import { measureSync } from "./av-sync";
import { compareWithCapture, describeCapture, pageClock, readCaptureProbe, recordedBeyondCapture, startCaptureProbe } from "./capture-probe";

// Audio and video of a recorded call stay within 100 ms of each other for the whole recording.
// The caller's fake camera and microphone flash and beep together every 2 s (a separate browser
// process from the callee, whose picture is dark and silent); the MP4 is measured with ffmpeg.
// The caller's capture stalled 0.4 to 1.2 s in about half the runs while the app registered its
// service worker at start (docs/notifications.md, "The installable app"); without that it passed
// every run tried. It keeps three more tries while that is looked into.
test.describe.configure({ retries: 3 });

test.use({
  launchOptions: { ...CALL_LAUNCH_OPTIONS, args: [...CALL_LAUNCH_OPTIONS.args, ...fakeMediaArgs(flashBeepMedia(SYNC_CLIP_SECONDS))] },
  actionTimeout: 30_000,
});

// The recorder stamps every frame and every block of sound with the moment it was captured
// (client/src/features/calls/engine/recorder.worker.ts); MediaRecorder, which stamps a picture when
// it arrives, used to leave the picture up to 0.4 s behind the sound and seconds shorter.
//
// What is measured (docs/calls.md, "Recording"): the caller's page notes when its camera and microphone
// captured each flash and beep (./capture-probe), and every flash of the MP4 must keep its captured
// offset to its beep within 100 ms; the MP4's own offsets are logged (the fake camera itself falls
// behind on a busy machine: captured -39 ms drifting to -158 ms in one run).
//
// It runs in every e2e run, where the tests run one at a time (playwright.config.ts): the machine
// then serves this test alone. It needs that: the recorder encodes 640x360 so that the browser's
// VP8 encoder keeps its 15 frames a second on a small machine (at 960x540, on a 2-core machine
// serving this test alone, it kept 80-96 of ~210 frames and flashes showed 100-305 ms late); where
// frames are skipped as busy anyway (see the [recorder] line), a flash whose first frames were
// skipped shows late by as many frames.
test("a recorded mesh call keeps sound and picture within 100 ms of what was captured, from start to end", async ({ browser }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), "recording-sync-"));
  const store = path.join(dir, "store");
  execFileSync("mkdir", ["-p", store]);
  const admin = await signedInPage(browser, USERS.admin);
  await admin.page.evaluate(async (base_path) => {
    const headers = { "content-type": "application/json", Authorization: `Bearer ${sessionStorage.getItem("access_token")}` };
    const rows = (await (await fetch("/api/entities/org_storage_config", { headers })).json()) as { id: number }[];
    const body = JSON.stringify({ storage_provider: "local", storage_config: { local: { base_path } }, is_active: true });
    if (rows[0]) await fetch(`/api/entities/org_storage_config/${rows[0].id}`, { method: "PATCH", headers, body });
    else await fetch("/api/entities/org_storage_config", { method: "POST", headers, body });
  }, store);
  await admin.context.close();

  const quiet = await chromium.launch({ ...CALL_LAUNCH_OPTIONS, args: [...CALL_LAUNCH_OPTIONS.args, ...fakeMediaArgs(quietMedia())] });
  const caller = await person(browser, USERS.member);
  const callee = await person(quiet, USERS.member2);
  caller.page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning" || m.text().startsWith("[recorder]")) console.log(`[page] ${m.text()}`);
  });
  try {
    await callFromDirectory(caller.page, callee.name);
    await acceptIncoming(callee.page, caller.name);
    await expectStatus(caller.page, "connected");
    await expectRemoteVideoPlaying(caller.page, 1, 30_000);
    await startCaptureProbe(caller.page);
    const startedAt = await pageClock(caller.page);
    await caller.page.getByRole("button", { name: "Record call" }).click();
    await expect(caller.page.getByRole("button", { name: "Stop recording" })).toBeVisible();
    await caller.page.waitForTimeout(14_000);
    await caller.page.getByRole("button", { name: "Stop recording" }).click();
    const captured = await readCaptureProbe(caller.page);
    // The last chunk is up and the server is finishing the file before anyone hangs up.
    await expect(caller.page.getByText("Recording saved").first()).toBeVisible({ timeout: 60_000 });
    await caller.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();

    await caller.page.goto("/CallHistory");
    const card = caller.page.getByTestId("call-card").first();
    const download = card.getByRole("button", { name: "Download recording" });
    await expect(download)
      .toBeVisible({ timeout: 120_000 })
      .catch(async (err) => {
        // What the card and the server say of the call, for the log of a run where it never came.
        const card = await caller.page.getByTestId("call-card").first().innerText({ timeout: 5000 }).catch((e: Error) => e.message);
        const record = await caller.page
          .evaluate(async () => {
            const headers = { Authorization: `Bearer ${sessionStorage.getItem("access_token")}` };
            const res = await fetch("/api/webrtc/call-history?limit=1", { headers, signal: AbortSignal.timeout(10_000) });
            return `${res.status} ${(await res.text()).slice(0, 1500)}`;
          })
          .catch((e: Error) => e.message);
        console.log(`[sync] no download: the card reads ${JSON.stringify(card)}; the server's newest call: ${record}`);
        throw err;
      });
    const [file] = await Promise.all([caller.page.waitForEvent("download"), download.click()]);
    const saved = path.join(dir, file.suggestedFilename());
    await file.saveAs(saved);

    const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", saved]).toString());
    const video = probe.streams.find((s: { codec_type: string }) => s.codec_type === "video");
    const audio = probe.streams.find((s: { codec_type: string }) => s.codec_type === "audio");
    const sync = measureSync(saved);
    console.log(`[sync] ${probe.format.format_name} ${probe.format.duration}s: video ${video.codec_name} ${video.duration}s, audio ${audio.codec_name} ${audio.duration}s`);
    console.log(`[sync] flashes ${sync.flashes.join(" ")} | beeps ${sync.beeps.join(" ")} | offsets ms ${sync.offsetsMs.join(" ")}`);
    console.log(`[sync] captured ${describeCapture(captured)}`);
    const checks = compareWithCapture(sync, captured, startedAt);
    const paired = checks.filter((c) => c.recordedMs !== null && c.capturedMs !== null);
    console.log(`[sync] captured ${captured.frames} pictures (every ${captured.frameIntervalMs.toFixed(1)} ms, longest gap ${captured.maxFrameGapMs} ms; stamps against the page's clock, ms: video ${captured.clockDriftMs.video.join(",")} audio ${captured.clockDriftMs.audio.join(",")}); recorded/captured ms ${checks.map((c) => `${c.recordedMs}/${c.capturedMs}${c.capturedUpToMs !== c.capturedMs ? `..${c.capturedUpToMs}` : ""}`).join(" ")}`);
    expect(video.codec_name).toBe("h264");
    expect(audio.codec_name).toBe("aac");
    // About the 15 s between the two clicks, and both tracks as long as each other.
    expect(Number(probe.format.duration)).toBeGreaterThan(12);
    expect(Number(probe.format.duration)).toBeLessThan(25);
    expect(Math.abs(Number(video.duration) - Number(audio.duration))).toBeLessThanOrEqual(0.1);
    // A flash every 2 s over ~15 s, each with its beep and its captured moment but at the edges below.
    expect(sync.flashes.length).toBeGreaterThanOrEqual(6);
    // The first flash may come with its beep cut by the recording's start (as in the SFU test).
    expect(sync.offsetsMs.length).toBeGreaterThanOrEqual(sync.flashes.length - 1);
    // On a busy page the probe can miss a whole flash the call still sent (it reads every picture a
    // second time): one may go unpaired.
    expect(paired.length).toBeGreaterThanOrEqual(sync.flashes.length - 1);
    // What the recording made of each flash against what the camera and microphone captured.
    expect(Math.max(...recordedBeyondCapture(checks))).toBeLessThanOrEqual(100);
  } finally {
    await caller.context.close();
    await callee.context.close();
    await quiet.close();
    if (!process.env.KEEP_RECORDING) rmSync(dir, { recursive: true, force: true });
    else console.log(`[sync] kept ${dir}`);
  }
});
