import { expect, test } from "@playwright/test";
import { USERS } from "./helpers";
import { CALL_LAUNCH_OPTIONS, acceptIncoming, dumpCallState, expectRemoteVideoPlaying, expectStatus, person, remoteStreams } from "./calls-helpers";

test.use({ launchOptions: CALL_LAUNCH_OPTIONS, actionTimeout: 30_000 });

test("a three-person group call: everyone receives two streams, one leaves and the others carry on", async ({ browser }) => {
  test.setTimeout(150_000);
  const a = await person(browser, USERS.member);
  const b = await person(browser, USERS.member2);
  const c = await person(browser, "maria.garcia@example.com");
  try {
    // Three browsers encoding 1080p twice each is more than a shared CI machine has to give.
    for (const p of [a, b, c]) {
      await p.page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem("team_app_settings") ?? "{}");
        localStorage.setItem("team_app_settings", JSON.stringify({ ...s, call_quality: "low" }));
      });
    }
    // A opens the picker from Quick Actions, switches to a group call and picks B and C.
    await a.page.getByRole("button", { name: "Video Meeting" }).click();
    const picker = a.page.getByRole("dialog");
    await expect(picker.getByRole("heading", { name: "Start a Video Call" })).toBeVisible();
    await picker.getByRole("button", { name: "Group Call" }).click();
    await expect(picker.getByRole("heading", { name: "Start a Video Group Call" })).toBeVisible();
    await expect(picker.getByRole("button", { name: /^Start Call/ })).toBeDisabled();
    await picker.getByPlaceholder("Search for a user...").fill(b.name);
    await picker.getByRole("option", { name: new RegExp(b.name) }).click();
    await picker.getByPlaceholder("Search for a user...").fill(c.name);
    await picker.getByRole("option", { name: new RegExp(c.name) }).click();
    await picker.getByRole("button", { name: "Start Call (2)" }).click();
    await expect(a.page.getByTestId("outgoing-call")).toContainText("Calling...");

    await acceptIncoming(b.page, a.name);
    await expect(b.page.getByTestId("incoming-call")).toHaveCount(0);
    await expect(c.page.getByTestId("incoming-call")).toContainText("group video call");
    await acceptIncoming(c.page, a.name);

    for (const p of [a, b, c]) {
      await expect.poll(() => remoteStreams(p.page), { timeout: 30_000 }).toBe(2);
      await expectRemoteVideoPlaying(p.page, 2, 30_000);
      await expectStatus(p.page, "connected");
      // 3 people: the documented grid has 2 columns.
      await expect(p.page.locator("[data-columns]")).toHaveAttribute("data-columns", "2");
    }

    await c.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();
    await expectStatus(c.page, "idle");
    for (const p of [a, b]) {
      await expect.poll(() => remoteStreams(p.page), { timeout: 15_000 }).toBe(1);
      await expectStatus(p.page, "connected");
      await expectRemoteVideoPlaying(p.page, 1);
      await expect(p.page.locator("[data-columns]")).toHaveAttribute("data-columns", "2");
    }

    await a.page.getByTestId("active-call").getByRole("button", { name: "Hang up" }).click();
    await expectStatus(a.page, "idle");
    await expectStatus(b.page, "idle", 10_000);
  } catch (err) {
    await dumpCallState({ A: a.page, B: b.page, C: c.page });
    throw err;
  } finally {
    await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
  }
});
