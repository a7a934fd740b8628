import { expect, test, type Browser, type Page } from "@playwright/test";
import { screenshot } from "./helpers";
import { CALL_LAUNCH_OPTIONS, createMeeting, dumpCallState, expectRemoteVideoPlaying, expectStatus, lowQuality, person, walkIn } from "./calls-helpers";
import { fakeMediaArgs, flashBeepMedia } from "./fake-media";

// Six people in one meeting through the SFU (Janus, started by scripts/e2e.mjs), each seeing the
// other five; one leaves and comes back; a seventh walks in late and nobody is rung. One browser
// process, a context per person, and a 320x180 fake camera to spare the 2-core machine.
test.use({
  launchOptions: { ...CALL_LAUNCH_OPTIONS, args: [...CALL_LAUNCH_OPTIONS.args, ...fakeMediaArgs(flashBeepMedia())] },
  actionTimeout: 60_000,
  viewport: { width: 1100, height: 700 },
});

const PEOPLE = [
  "priya.shah@example.com",
  "jordan.lee@example.com",
  "sam.carter@example.com",
  "ava.patel@example.com",
  "emma.brown@example.com",
  "ethan.wright@example.com",
  "li.wei@example.com",
];

async function sfuMedia(page: Page) {
  return page.evaluate(() => window.__calls?.state().media);
}

test("six people in an SFU meeting see each other; one leaves and comes back; a seventh walks in without anyone being rung", async ({ browser }: { browser: Browser }) => {
  test.skip(!process.env.JANUS_URL, "no Janus on this machine");
  // Seven browsers: about two minutes on an otherwise quiet 2-core machine, more when it is busy.
  test.setTimeout(420_000);
  const people = await Promise.all(PEOPLE.map((email) => person(browser, email)));
  try {
    for (const p of people) await lowQuality(p.page);
    const [org, ...rest] = people;
    const meetingId = await createMeeting(org.page, PEOPLE.slice(1), "All hands");

    // The pre-join screen: self view, device choice, who is inside.
    await org.page.goto(`/Meet?meetingId=${meetingId}`);
    await expect(org.page.getByTestId("self-view")).toBeVisible();
    await expect(org.page.getByTestId("inside-now")).toHaveText("Nobody is in the meeting yet.");
    await screenshot(org.page, "meeting-prejoin");
    await org.page.getByRole("button", { name: "Join meeting" }).click();
    await expectStatus(org.page, "connected", 60_000);
    expect(await sfuMedia(org.page)).toBe("sfu");

    const six = [org, ...rest.slice(0, 5)];
    await Promise.all(rest.slice(0, 5).map((p) => walkIn(p.page, meetingId)));
    for (const p of six) await expectRemoteVideoPlaying(p.page, 5, 120_000);
    await expect(org.page.getByText("6 participants", { exact: true })).toBeVisible();
    await screenshot(org.page, "meeting-sfu-six");

    // One leaves: the others see five people; they come back and everyone sees six again.
    const leaver = six[3];
    await leaver.page.getByRole("button", { name: "Hang up" }).click();
    await expect(org.page.getByText("5 participants", { exact: true })).toBeVisible({ timeout: 60_000 });
    await walkIn(leaver.page, meetingId);
    for (const p of six) await expectRemoteVideoPlaying(p.page, 5, 120_000);

    // A seventh walks in late; once everyone sees them (the marker), nobody was ever rung.
    const late = rest[5];
    await walkIn(late.page, meetingId);
    await expect(org.page.getByText("7 participants", { exact: true })).toBeVisible({ timeout: 60_000 });
    await expectRemoteVideoPlaying(late.page, 6, 120_000);
    await expect(org.page.getByTestId(`remote-tile-${late.id}`).locator("video")).toBeVisible();
    for (const p of people) expect(await p.page.evaluate(() => window.__calls!.invites())).toBe(0);
    await screenshot(org.page, "meeting-participants-panel");
  } catch (err) {
    await dumpCallState(Object.fromEntries(people.map((p) => [p.name, p.page])));
    for (const p of people) {
      const v = await p.page.evaluate(async () => {
        const out: string[] = [];
        for (const { pc } of window.__calls?.peerConnections() ?? []) {
          (await pc.getStats()).forEach((s: { type: string; kind?: string; rid?: string; frameWidth?: number; framesDecoded?: number; framesSent?: number; mid?: string }) => {
            if (s.type === "outbound-rtp" && s.kind === "video") out.push(`out ${s.rid} ${s.frameWidth} sent=${s.framesSent}`);
            if (s.type === "inbound-rtp" && s.kind === "video") out.push(`in mid=${s.mid} ${s.frameWidth} dec=${s.framesDecoded}`);
          });
        }
        return out.join("; ");
      });
      console.log(`${p.name}: ${v}`);
    }
    throw err;
  } finally {
    for (const p of people) await p.context.close();
  }
});
