import { expect, test, type Page } from "@playwright/test";
import { USERS, screenshot } from "./helpers";
import {
  CALL_LAUNCH_OPTIONS,
  acceptIncoming,
  callFromDirectory,
  createMeeting,
  dumpCallState,
  expectRemoteVideoPlaying,
  expectStatus,
  lowQuality,
  person,
  walkIn,
} from "./calls-helpers";
import { fakeMediaArgs, flashBeepMedia } from "./fake-media";

// Leaving a meeting by reloading, navigating away or closing the tab (the server lets a
// participant whose page is gone leave after CALL_LEAVE_GRACE_MS, 5 s; a reloaded meeting page
// walks back in), and the muted microphone everyone sees on a tile. Through the SFU when
// scripts/e2e.mjs started Janus, browser to browser otherwise; the one-to-one call is always
// browser to browser.
test.use({
  launchOptions: { ...CALL_LAUNCH_OPTIONS, args: [...CALL_LAUNCH_OPTIONS.args, ...fakeMediaArgs(flashBeepMedia())] },
  actionTimeout: 60_000,
  viewport: { width: 1100, height: 700 },
});

const participants = (page: Page, n: number) => page.getByText(`${n} ${n === 1 ? "participant" : "participants"}`, { exact: true });
const mutedOn = (page: Page, tileTestId: string) => page.getByTestId(tileTestId).getByRole("img", { name: "Muted" });

/** Samples the participant count the page's header shows, every 250 ms, until stopped. */
function watchCount(page: Page) {
  const counts: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const text = await page.getByText(/^\d+ participants?$/).textContent().catch(() => null);
      if (text) counts.push(Number.parseInt(text, 10));
      await page.waitForTimeout(250);
    }
  })();
  return {
    stop: async () => {
      on = false;
      await loop;
      return counts;
    },
  };
}

/** Milliseconds until `check` passes (polled by Playwright's expect). */
async function msUntil(check: () => Promise<void>): Promise<number> {
  const t0 = Date.now();
  await check();
  return Date.now() - t0;
}

test("a reloaded meeting page walks back in; going to the Dashboard or closing the tab takes the person out within seconds; everyone sees who is muted", async ({ browser }) => {
  test.setTimeout(300_000);
  const a = await person(browser, USERS.manager);
  const b = await person(browser, USERS.member); // Jordan Lee, as in the report
  const pages = { A: a.page, B: b.page };
  try {
    for (const p of [a, b]) await lowQuality(p.page);
    const meetingId = await createMeeting(a.page, [USERS.member], "Reload check");
    await walkIn(a.page, meetingId);
    await walkIn(b.page, meetingId);
    await expectRemoteVideoPlaying(a.page, 1, 60_000);
    await expect(participants(a.page, 2)).toBeVisible();
    const bTile = `remote-tile-${b.id}`;

    // B mutes: A sees the crossed-out microphone on B's tile at once, and it goes when B unmutes.
    await expect(mutedOn(a.page, bTile)).toBeHidden();
    await b.page.getByRole("button", { name: "Mute", exact: true }).click();
    const muteShown = await msUntil(() => expect(mutedOn(a.page, bTile)).toBeVisible({ timeout: 5_000 }));
    await screenshot(a.page, "meeting-muted-tile");
    await b.page.getByRole("button", { name: "Unmute", exact: true }).click();
    await expect(mutedOn(a.page, bTile)).toBeHidden({ timeout: 5_000 });
    await b.page.getByRole("button", { name: "Mute", exact: true }).click();
    await expect(mutedOn(a.page, bTile)).toBeVisible({ timeout: 5_000 });

    // B reloads the meeting page: B walks back into the same meeting, still muted. Whether A saw B
    // go meanwhile depends on the reload taking less than the grace: it is logged, not asserted.
    const seen = watchCount(a.page);
    const reloadedAt = Date.now();
    await b.page.reload();
    await expectStatus(b.page, "connected", 60_000);
    await expectRemoteVideoPlaying(a.page, 1, 60_000);
    await expectRemoteVideoPlaying(b.page, 1, 60_000);
    const backAfter = Date.now() - reloadedAt;
    const lowestDuringReload = Math.min(...(await seen.stop()));
    await expect(participants(a.page, 2)).toBeVisible();
    await expect(participants(b.page, 2)).toBeVisible();
    await expect(b.page.getByRole("button", { name: "Unmute", exact: true })).toBeVisible();
    await expect(mutedOn(a.page, bTile)).toBeVisible();

    // Then B goes to the Dashboard: A sees the count drop to 1 within a few seconds.
    const leftAt = Date.now();
    await b.page.goto("/Dashboard");
    const dashboardLoaded = Date.now() - leftAt;
    await expect(participants(a.page, 1)).toBeVisible({ timeout: 10_000 });
    const dashboardDrop = Date.now() - leftAt;
    await expect(a.page.getByTestId(bTile)).toBeHidden();

    // B walks in again and closes the tab: A sees 1 within a few seconds of the tab closing.
    await walkIn(b.page, meetingId);
    await expect(participants(a.page, 2)).toBeVisible({ timeout: 30_000 });
    const closedAt = Date.now();
    await b.page.close();
    await expect(participants(a.page, 1)).toBeVisible({ timeout: 10_000 });
    const closeDrop = Date.now() - closedAt;

    // A leaves too: the meeting's link says nobody is in it.
    await a.page.getByRole("button", { name: "Hang up" }).click();
    await a.page.goto(`/Meet?meetingId=${meetingId}`);
    await expect(a.page.getByTestId("inside-now")).toHaveText("Nobody is in the meeting yet.");
    console.log(
      `[meeting-reload] mute shown to A after ${muteShown} ms; B back in ${backAfter} ms after reloading (A's count meanwhile at least ${lowestDuringReload}); ` +
        `count 1 on A ${dashboardDrop} ms after B went to the Dashboard (its page loaded in ${dashboardLoaded} ms), ${closeDrop} ms after B closed the tab`,
    );
  } catch (err) {
    await dumpCallState(Object.fromEntries(Object.entries(pages).filter(([, p]) => !p.isClosed())));
    throw err;
  } finally {
    for (const p of [a, b]) await p.context.close();
  }
});

test("in a one-to-one call the other person sees the muted microphone on the picture", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await person(browser, USERS.member2);
  const b = await person(browser, USERS.admin);
  try {
    await callFromDirectory(a.page, b.name);
    await acceptIncoming(b.page, a.name);
    await expectRemoteVideoPlaying(a.page, 1, 30_000);
    await expect(mutedOn(a.page, "remote-video")).toBeHidden();
    await b.page.getByTestId("active-call").getByRole("button", { name: "Mute", exact: true }).click();
    await expect(mutedOn(a.page, "remote-video")).toBeVisible({ timeout: 5_000 });
    await screenshot(a.page, "call-muted-tile");
    await b.page.getByTestId("active-call").getByRole("button", { name: "Unmute", exact: true }).click();
    await expect(mutedOn(a.page, "remote-video")).toBeHidden({ timeout: 5_000 });
    await a.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();
  } finally {
    for (const p of [a, b]) await p.context.close();
  }
});
