import { expect, test } from "@playwright/test";
import { USERS, screenshot, signIn } from "./helpers";
import { CALL_LAUNCH_OPTIONS } from "./calls-helpers";

test.use({ launchOptions: CALL_LAUNCH_OPTIONS, actionTimeout: 30_000 });

test("directory: real people with presence, search, own card cannot be called, Invite User", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto("/Directory");
  await expect(page.getByRole("heading", { name: "Company Directory" })).toBeVisible();
  await screenshot(page, "directory");
  // Other specs add people, so everyone is found by search rather than on the first page.
  const search = page.getByRole("searchbox", { name: "Search people" });
  await search.fill("Priya Shah");
  const me = page.getByTestId(/^person-/).filter({ hasText: "You" });
  await expect(me.getByRole("button", { name: /^Video call/ })).toBeDisabled();
  await expect(me.getByRole("button", { name: /^Audio call/ })).toBeDisabled();
  await search.fill("Jordan Lee");
  await expect(page.getByRole("button", { name: "Video call Jordan Lee" })).toBeEnabled();

  await page.getByRole("searchbox", { name: "Search people" }).fill("engineer");
  await expect(page.getByTestId(/^person-/).first()).toContainText(/Engineer/);
  for (const text of await page.getByTestId(/^person-/).allTextContents()) expect(text.toLowerCase()).toContain("engineer");
  await page.getByRole("searchbox", { name: "Search people" }).fill("no such person");
  await expect(page.getByText("No people found")).toBeVisible();

  await page.getByRole("button", { name: "Invite User", exact: true }).click();
  await expect(page.getByRole("dialog")).toContainText("Invite a colleague");
});

test("call history, profile and the device dialog", async ({ page }) => {
  await signIn(page, "olivia.chen@example.com");
  await page.goto("/CallHistory");
  await expect(page.getByRole("heading", { name: "Call History" })).toBeVisible();
  await expect(page.getByText("No call history")).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();

  await page.goto("/Profile");
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await page.getByLabel("Job title").fill("Staff Engineer");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!").first()).toBeVisible();
  await screenshot(page, "profile");

  await page.getByRole("button", { name: "Camera & microphone" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("combobox", { name: "Camera" })).toBeVisible();
  await dialog.getByRole("button", { name: "Test camera" }).click();
  await expect
    .poll(() => dialog.getByLabel("Camera preview").evaluate((v) => (v as HTMLVideoElement).videoWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await dialog.getByRole("button", { name: "Test microphone" }).click();
  await expect(dialog.getByRole("button", { name: "Stop test" }).last()).toBeVisible();
  await screenshot(page, "profile-devices");
  // The microphone test stops by itself after 3 seconds, the camera after 5.
  await expect(dialog.getByRole("button", { name: "Test microphone" })).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole("button", { name: "Test camera" })).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole("button", { name: "Save devices" }).click();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("team_app_media_settings") ?? "{}").camera_id)).toBeTruthy();
});
