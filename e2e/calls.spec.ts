import { expect, test } from "@playwright/test";
import { USERS, screenshot } from "./helpers";
import {
  CALL_LAUNCH_OPTIONS,
  RING_TIMEOUT_MS,
  acceptIncoming,
  audioEnergyOver,
  callFromDirectory,
  expectRemoteVideoPlaying,
  expectStatus,
  firstFrames,
  person,
  setMyStatus,
} from "./calls-helpers";

test.use({ launchOptions: CALL_LAUNCH_OPTIONS, actionTimeout: 30_000 });
// The issue's bar: remote video plays within 2 s of accepting. A loaded shared machine may set more.
const FIRST_FRAME_BUDGET_MS = Number(process.env.CALLS_FIRST_FRAME_BUDGET_MS || 2_000);

test("a one-to-one video call from the directory: both see video, mute reaches the other side, history records it", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await person(browser, USERS.member);
  const b = await person(browser, USERS.member2);
  try {
    await callFromDirectory(a.page, b.name);
    await expect(a.page.getByTestId("outgoing-call")).toContainText("Calling...");
    await expectStatus(a.page, "connecting");

    const acceptedAt = await acceptIncoming(b.page, a.name);
    await expectRemoteVideoPlaying(b.page, 1, FIRST_FRAME_BUDGET_MS + 10_000);
    await expectRemoteVideoPlaying(a.page, 1, FIRST_FRAME_BUDGET_MS + 10_000);
    const frames = [...(await firstFrames(a.page)), ...(await firstFrames(b.page))];
    const tl = async (p: typeof a.page) => (await p.evaluate(() => window.__calls!.timeline())).map((m) => `${m.event}@${m.at - acceptedAt}`).join(" ");
    console.log(`[calls] A: ${await tl(a.page)}\n[calls] B: ${await tl(b.page)}\n frames ${frames.map((f) => f - acceptedAt)}`);
    expect(frames).toHaveLength(2);
    expect(Math.max(...frames) - acceptedAt).toBeLessThan(FIRST_FRAME_BUDGET_MS);
    await expectStatus(a.page, "connected");
    await expectStatus(b.page, "connected");
    await expect(a.page.getByTestId("active-call")).toBeVisible();
    await screenshot(a.page, "call-active");

    // Mute: A's track is disabled, and B's received audio energy falls to (near) nothing.
    const loud = await audioEnergyOver(b.page);
    await a.page.getByRole("button", { name: "Mute", exact: true }).click();
    await expect(a.page.getByRole("button", { name: "Unmute" })).toBeVisible();
    expect(await a.page.evaluate(() => window.__calls!.localStream()!.getAudioTracks()[0].enabled)).toBe(false);
    await b.page.waitForTimeout(300); // let in-flight packets drain
    const quiet = await audioEnergyOver(b.page);
    console.log(`[calls] audio energy at B over 1.5 s: before mute ${loud.toExponential(2)}, after ${quiet.toExponential(2)}`);
    expect(loud).toBeGreaterThan(0);
    expect(quiet).toBeLessThan(loud / 10);
    await a.page.getByRole("button", { name: "Unmute" }).click();

    await a.page.waitForTimeout(1200); // so the call lasts at least a second in the history
    await a.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();
    await expectStatus(a.page, "idle");
    await expectStatus(b.page, "idle", 8_000);
    expect(await a.page.evaluate(() => window.__calls!.peerConnections().length)).toBe(0);

    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      await me.page.goto("/CallHistory");
      const card = me.page.getByTestId("call-card").first();
      await expect(card).toContainText(other.name);
      await expect(card).toContainText("Ended");
      await expect(card.getByTestId("call-duration")).toHaveText(/^(\d+h )?(\d+m )?[1-9]\d*s$/);
    }
  } catch (err) {
    for (const [label, p] of [["A", a.page], ["B", b.page]] as const) {
      const t = await p.evaluate(() => window.__calls?.timeline() ?? []).catch(() => []);
      console.log(`[calls] ${label} timeline: ${t.map((m) => `${m.event}@${m.at % 100000}`).join(" ")}`);
    }
    throw err;
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("a busy callee rejects at once, and the caller sees the call end", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await person(browser, USERS.member);
  const b = await person(browser, USERS.member2);
  try {
    await setMyStatus(b.page, "Busy");
    await expect.poll(() => b.page.evaluate(() => JSON.parse(sessionStorage.getItem("current_user")!).user_status)).toBe("busy");
    await callFromDirectory(a.page, b.name);
    await expect(a.page.getByTestId("call-ended")).toContainText("is busy");
    await expectStatus(a.page, "ended");
    await expect(b.page.getByTestId("incoming-call")).toHaveCount(0);
    await expectStatus(a.page, "idle", 5_000);

    // And a busy user cannot start a call either.
    await callFromDirectory(b.page, a.name);
    await expect(b.page.getByText("You are in Do Not Disturb mode. Please change your status to receive calls.").first()).toBeVisible();
    await expectStatus(b.page, "idle");
  } finally {
    await setMyStatus(b.page, "Online").catch(() => {});
    await a.context.close();
    await b.context.close();
  }
});

test("a call nobody answers becomes missed", async ({ browser }) => {
  test.setTimeout(RING_TIMEOUT_MS + 90_000);
  const a = await person(browser, USERS.member);
  const b = await person(browser, USERS.member2);
  try {
    await callFromDirectory(a.page, b.name, "Audio");
    await expect(b.page.getByTestId("incoming-call")).toContainText("audio call");
    await expect(a.page.getByTestId("call-ended")).toContainText("No answer", { timeout: RING_TIMEOUT_MS + 10_000 });
    await expect(b.page.getByTestId("incoming-call")).toHaveCount(0);
    await expectStatus(a.page, "idle", 5_000);
    await a.page.goto("/CallHistory");
    const card = a.page.getByTestId("call-card").first();
    await expect(card).toContainText(b.name);
    await expect(card).toContainText("Missed");
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("accept to first remote frame, median of 5 calls", async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await person(browser, USERS.member);
  const b = await person(browser, USERS.member2);
  const samples: number[] = [];
  try {
    await a.page.goto("/Directory");
    for (let i = 0; i < 5; i++) {
      await callFromDirectory(a.page, b.name);
      const acceptedAt = await acceptIncoming(b.page, a.name);
      await expect.poll(async () => (await firstFrames(a.page)).length + (await firstFrames(b.page)).length).toBe(2);
      const frames = [...(await firstFrames(a.page)), ...(await firstFrames(b.page))];
      samples.push(Math.max(...frames) - acceptedAt);
      await a.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();
      await expectStatus(a.page, "idle");
      await expectStatus(b.page, "idle", 8_000);
    }
    const sorted = [...samples].sort((x, y) => x - y);
    console.log(`[calls] accept to first remote frame (both sides), ms: ${samples.join(", ")}; median ${sorted[2]} ms`);
    expect(sorted[2]).toBeLessThan(FIRST_FRAME_BUDGET_MS);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
