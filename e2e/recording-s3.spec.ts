import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { USERS, screenshot, signedInPage } from "./helpers";
import { CALL_LAUNCH_OPTIONS, acceptIncoming, callFromDirectory, expectRemoteVideoPlaying, expectStatus, person } from "./calls-helpers";
import { S3RVER_KEY, S3RVER_SECRET, startS3rver, type RunningS3 } from "../server/test/s3rver";

test.use({ launchOptions: CALL_LAUNCH_OPTIONS, actionTimeout: 30_000 });

let s3: RunningS3;
test.beforeAll(async () => {
  s3 = await startS3rver("recordings");
});
test.afterAll(async () => {
  await s3?.close();
});

/** Mean brightness of the left and right halves of one frame, from ffmpeg as raw grey pixels. */
function halves(file: string, at: number): { left: number; right: number } {
  const W = 64;
  const H = 36;
  const raw = execFileSync("ffmpeg", ["-v", "error", "-ss", String(at), "-i", file, "-frames:v", "1", "-vf", `scale=${W}:${H}`, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"]);
  let left = 0;
  let right = 0;
  for (let y = 4; y < H - 10; y++) {
    for (let x = 2; x < W - 2; x++) {
      if (x < W / 2 - 2) left += raw[y * W + x]!;
      else if (x > W / 2 + 2) right += raw[y * W + x]!;
    }
  }
  const n = (H - 14) * (W / 2 - 4);
  return { left: left / n, right: right / n };
}

test("admin configures S3 (s3rver), tests the connection both ways; a recorded 1:1 call downloads as a real MP4 with both people", async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await signedInPage(browser, USERS.admin);
  try {
    const a = admin.page;
    await a.goto("/Admin");
    await a.getByRole("tab", { name: "Storage" }).click();
    await a.getByRole("combobox", { name: "Storage provider" }).click();
    await a.getByRole("option", { name: "Amazon S3 / S3-compatible" }).click();
    await expect(a.getByLabel("Region")).toHaveValue("us-east-1");
    await expect(a.getByLabel("Folder prefix")).toHaveValue("call-recordings/");
    await a.getByLabel("Bucket name").fill(s3.bucket);
    await a.getByLabel("Access key ID").fill("WRONGKEY");
    await a.getByLabel("Secret access key").fill(S3RVER_SECRET);
    await a.getByLabel(/^Endpoint/).fill(s3.endpoint);
    await a.getByRole("button", { name: "Test Connection" }).click();
    await expect(a.getByRole("alert")).toContainText("Connection test failed: ");
    await a.getByLabel("Access key ID").fill(S3RVER_KEY);
    await a.getByRole("button", { name: "Test Connection" }).click();
    await expect(a.getByText("Connection successful")).toBeVisible();
    await a.getByRole("button", { name: "Save", exact: true }).click();
    await expect(a.getByText("Storage configuration saved successfully!")).toBeVisible();
    await screenshot(a, "admin-storage");
    // The secret never comes back in clear; the masked form still tests and saves with the stored one.
    const rows = await a.evaluate(async () => {
      const res = await fetch("/api/entities/org_storage_config", { headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}` } });
      return res.json();
    });
    expect(rows[0].storage_config.aws_s3.secret_access_key).toBe("••••••••");
    await a.reload();
    await a.getByRole("tab", { name: "Storage" }).click();
    await expect(a.getByLabel("Secret access key")).toHaveValue("••••••••");
    await a.getByRole("button", { name: "Test Connection" }).click();
    await expect(a.getByText("Connection successful")).toBeVisible();
  } finally {
    await admin.context.close();
  }

  const caller = await person(browser, USERS.member);
  const callee = await person(browser, USERS.member2);
  const dir = mkdtempSync(path.join(tmpdir(), "recording-e2e-"));
  try {
    await callFromDirectory(caller.page, callee.name);
    await acceptIncoming(callee.page, caller.name);
    await expectStatus(caller.page, "connected");
    await expectRemoteVideoPlaying(caller.page, 1, 20_000);
    await caller.page.getByRole("button", { name: "Record call" }).click();
    await expect(caller.page.getByRole("button", { name: "Stop recording" })).toBeVisible();
    // Everyone in the call sees it is being recorded.
    await expect(callee.page.getByTestId("recording-badge")).toBeVisible({ timeout: 15_000 });
    await screenshot(callee.page, "call-recording-badge");
    await caller.page.waitForTimeout(10_000);
    await caller.page.getByRole("button", { name: "Stop recording" }).click();
    await caller.page.waitForTimeout(1_000);
    await caller.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();
    await expectStatus(caller.page, "idle");

    await caller.page.goto("/CallHistory");
    // The newest card is this call (a retry's history also holds the first try's call).
    const card = caller.page.getByTestId("call-card").first();
    const callId = await card.getAttribute("data-call-id");
    const download = card.getByRole("button", { name: "Download recording" });
    await expect(download).toBeVisible({ timeout: 120_000 });
    await screenshot(caller.page, "call-history-recording");
    const [file] = await Promise.all([caller.page.waitForEvent("download"), download.click()]);
    const history = await caller.page.evaluate(async () => {
      const res = await fetch("/api/webrtc/call-history", { headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}` } });
      return res.json();
    });
    const calls = Array.isArray(history) ? history : (history.calls ?? history.data ?? []);
    const recorded = calls.find((c: { call_id: string }) => c.call_id === callId);
    expect(recorded?.recording?.recording_status).toBe("completed");
    expect(file.suggestedFilename()).toBe(`${recorded.call_id}.mp4`);
    const saved = path.join(dir, file.suggestedFilename());
    await file.saveAs(saved);

    const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", saved]).toString());
    const video = probe.streams.find((s: { codec_type: string }) => s.codec_type === "video");
    const audio = probe.streams.find((s: { codec_type: string }) => s.codec_type === "audio");
    console.log(`[recording] ${probe.format.format_name} ${probe.format.duration}s video ${video?.codec_name} ${video?.width}x${video?.height} audio ${audio?.codec_name} (video ${video?.duration}s, audio ${audio?.duration}s)`);
    expect(probe.format.format_name).toContain("mp4");
    expect(video.codec_name).toBe("h264");
    expect(audio.codec_name).toBe("aac");
    expect(Number(probe.format.duration)).toBeGreaterThan(7);
    // Two tiles side by side: each half shows a camera picture, not the dark empty tile (~40) or background (~9).
    const { left, right } = halves(saved, 5);
    console.log(`[recording] mean brightness at 5 s: left ${left.toFixed(1)}, right ${right.toFixed(1)}`);
    expect(left).toBeGreaterThan(60);
    expect(right).toBeGreaterThan(60);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await caller.context.close();
    await callee.context.close();
  }
});
