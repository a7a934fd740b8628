import { expect, test } from "@playwright/test";
import { USERS } from "./helpers";
import { CALL_LAUNCH_OPTIONS, expectRemoteVideoPlaying, expectStatus, person } from "./calls-helpers";

test.use({ launchOptions: CALL_LAUNCH_OPTIONS, actionTimeout: 30_000 });

const stamp = () => Date.now().toString(36);

test("two attendees who click Join at the same moment meet in one room, nobody rung; leaving returns to the calendar", async ({ browser }) => {
  test.setTimeout(150_000);
  const a = await person(browser, USERS.member);
  const b = await person(browser, USERS.member2);
  try {
    for (const p of [a, b]) {
      await p.page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem("team_app_settings") ?? "{}");
        localStorage.setItem("team_app_settings", JSON.stringify({ ...s, call_quality: "low" }));
      });
    }
    // A schedules a meeting with B at the next full hour.
    const title = `Design sync ${stamp()}`;
    await a.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar", exact: true }).click();
    await a.page.getByRole("button", { name: "New Event" }).click();
    const form = a.page.getByRole("dialog", { name: "New Event" });
    await form.getByLabel("Title").fill(title);
    await form.getByRole("combobox", { name: "Type" }).click();
    await a.page.getByRole("option", { name: "Meeting", exact: true }).click();
    await form.getByLabel(b.name).check();
    await form.getByRole("button", { name: "Create Event" }).click();
    await expect(form).toBeHidden();

    // B opens it from the event dialog's Join Meeting and waits on the meeting page.
    await b.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar", exact: true }).click();
    await b.page.getByRole("list", { name: "Upcoming Events" }).getByRole("button", { name: new RegExp(title) }).click();
    const detail = b.page.getByRole("dialog", { name: title });
    await expect(detail.getByText(/Meeting ID:/)).toBeVisible();
    await detail.getByRole("button", { name: "Join Meeting" }).click();
    await expect(b.page).toHaveURL(/\/Meet\?meetingId=/);
    await expect(b.page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // A opens it from Upcoming Events. Both click Join at the same moment: they walk into the same
    // room and nobody is rung (issue: two people joining at once used to ring each other).
    const row = a.page.getByRole("list", { name: "Upcoming Events" }).getByRole("listitem").filter({ hasText: title });
    await row.getByRole("button", { name: "Join" }).click();
    await expect(a.page).toHaveURL(/\/Meet\?meetingId=/);
    for (const p of [a, b]) await expect(p.page.getByTestId("self-view")).toBeVisible({ timeout: 30_000 });
    await Promise.all([a, b].map((p) => p.page.getByRole("button", { name: "Join meeting" }).click()));
    await expectStatus(a.page, "connected", 40_000);
    await expectStatus(b.page, "connected", 40_000);
    await expectRemoteVideoPlaying(a.page, 1, 40_000);
    await expectRemoteVideoPlaying(b.page, 1, 40_000);
    // The header and the grid count connected people: 2, in the documented two columns.
    for (const p of [a, b]) {
      await expect(p.page.getByText("2 participants", { exact: true })).toBeVisible();
      await expect(p.page.locator("[data-columns]")).toHaveAttribute("data-columns", "2");
      await expect(p.page.getByTestId("incoming-call")).toBeHidden();
      expect(await p.page.evaluate(() => window.__calls!.invites())).toBe(0);
      // The side panel lists both as in; with nobody invited left out, no empty "Invited" list.
      const people = p.page.getByRole("region", { name: "People" });
      await expect(people.getByRole("heading", { name: "In the meeting (2)" })).toBeVisible();
      await expect(people.getByRole("region", { name: "Invited" })).toHaveCount(0);
    }
    // Both are in one call.
    const ids = await Promise.all([a, b].map((p) => p.page.evaluate(() => window.__calls!.state().callId)));
    expect(ids[0]).toBe(ids[1]);

    // Leaving returns to where the user came from.
    await b.page.getByRole("button", { name: "Hang up" }).click();
    await expect(b.page).toHaveURL(/\/Calendar$/);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
