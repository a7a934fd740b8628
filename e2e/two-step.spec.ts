// Two-step sign-in in Chromium (docs/authentication.md, "Two-step sign-in"): set up in Profile
// with the key shown as text (the codes are computed here with otplib, as an authenticator app
// would), signed out, back in with password and code, then with a recovery code; and a server
// that requires it sending someone to set it up before the sign-in completes. The spec starts
// its own apps (in this process, embedded database, the built client), so no demo user of the
// shared e2e server ever gets a second factor.
import { test, expect, type Page } from "@playwright/test";
import path from "node:path";
import { generate } from "otplib";
import { startTestApp, makeUser, api, type TestApp } from "../server/test/harness";
import { hashPassword } from "../server/auth/passwords";
import { TOTP_MESSAGES } from "@shared/two-step";
import { axe } from "./a11y-helpers";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join("test-results", "two-step");
const clientDir = process.env.E2E_CLIENT_DIR ? { clientDir: process.env.E2E_CLIENT_DIR } : {};
const STEP = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP);

/** A code the server has not seen: the current step's, or the next one's when the current was used. */
async function freshCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  const step = Math.max(stepNow(), usedStep + 1);
  return { code: await generate({ secret, epoch: step * STEP + 1 }), step };
}

async function passwordStep(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/Login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("two-step sign-in chosen in Profile", () => {
  let app: TestApp;
  test.beforeAll(async () => {
    app = await startTestApp("pglite", clientDir);
  });
  test.afterAll(() => app?.stop());

  test("set up in Profile, then sign in with password and code, and with a recovery code", async ({ page }) => {
    const u = await makeUser(app, { full_name: "Tess Twostep" });
    await passwordStep(page, app.url, u.email, u.password);
    await expect(page).toHaveURL(/\/Dashboard$/);

    await page.goto(`${app.url}/Profile`);
    const card = page.locator("[data-slot=card]", { has: page.getByText("Two-step sign-in", { exact: true }) });
    await expect(card.getByTestId("two-step-status")).toHaveText("Off");
    await card.getByRole("button", { name: "Set up two-step sign-in" }).click();
    const secret = (await card.getByTestId("totp-secret").getAttribute("data-secret")) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    expect(await axe(page, "Profile, two-step sign-in set-up")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "1-profile-setup.png"), fullPage: true });

    // A wrong code first: said so, nothing turned on.
    const codeField = card.getByLabel("Enter the 6-digit code from your authenticator app");
    const first = await freshCode(secret, -1);
    await codeField.fill(first.code === "000000" ? "111111" : "000000");
    await card.getByRole("button", { name: "Turn on" }).click();
    await expect(card.getByRole("alert").filter({ hasText: TOTP_MESSAGES.wrongCode })).toBeVisible();
    await codeField.fill(first.code);
    await card.getByRole("button", { name: "Turn on" }).click();
    const list = card.getByRole("list", { name: "Recovery codes" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    const recovery = await list.getByRole("listitem").allTextContents();
    expect(await axe(page, "Profile, recovery codes")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "2-recovery-codes.png"), fullPage: true });
    await card.getByRole("button", { name: "I have saved my recovery codes" }).click();
    await expect(card.getByTestId("two-step-status")).toHaveText("On · 10 recovery codes left");

    await page.goto(`${app.url}/Logout`);
    await expect(page).toHaveURL(/\/Login/);

    // Password, then the code.
    await passwordStep(page, app.url, u.email, u.password);
    const code = page.getByLabel("Enter the 6-digit code from your authenticator app");
    await expect(code).toBeVisible();
    await expect(page.getByRole("button", { name: "Use a recovery code" })).toBeVisible();
    expect(await axe(page, "Login, two-step code")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "3-login-code.png") });
    // The code used to turn it on is refused: a code counts once.
    await code.fill(first.code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TOTP_MESSAGES.wrongCode })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "4-login-code-refused.png") });
    const second = await freshCode(secret, first.step);
    await code.fill(second.code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/Dashboard$/);

    await page.goto(`${app.url}/Logout`);
    await expect(page).toHaveURL(/\/Login/);

    // Password, then a recovery code.
    await passwordStep(page, app.url, u.email, u.password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recovery[0]);
    await page.screenshot({ path: path.join(SHOTS, "5-login-recovery.png") });
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/Dashboard$/);
    await page.goto(`${app.url}/Profile`);
    await expect(page.getByTestId("two-step-status")).toHaveText("On · 9 recovery codes left");
  });
});

test.describe("an admin turns it off for someone who lost their phone", () => {
  let app: TestApp;
  test.beforeAll(async () => {
    app = await startTestApp("pglite", clientDir);
  });
  test.afterAll(() => app?.stop());

  test("Admin → Users → Edit → Turn off two-step sign-in; the person signs in with the password alone", async ({ page }) => {
    const lost = await makeUser(app, { full_name: "Lou Lostphone" });
    const setup = await api(app, lost.token).post("/api/auth/totp/setup", {});
    const confirmed = await api(app, lost.token).post("/api/auth/totp/confirm", { enrolment: setup.body.enrolment, code: (await freshCode(setup.body.secret, -1)).code });
    expect(confirmed.status).toBe(200);
    expect((await api(app).post("/api/auth/login", { email: lost.email, password: lost.password })).body.second_factor).toBe("totp");

    const admin = await makeUser(app, { full_name: "Ada Admin", role: "admin", team_role: "admin" });
    await passwordStep(page, app.url, admin.email, admin.password);
    await expect(page).toHaveURL(/\/Dashboard$/);
    await page.goto(`${app.url}/Admin`);
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByRole("button", { name: "Edit Lou Lostphone" }).click();
    const dialog = page.getByRole("dialog");
    await page.screenshot({ path: path.join(SHOTS, "7-admin-reset.png") });
    await dialog.getByRole("button", { name: "Turn off two-step sign-in" }).click();
    await expect(page.getByText("Two-step sign-in is off for Lou Lostphone")).toBeVisible();
    const after = await api(app).post("/api/auth/login", { email: lost.email, password: lost.password });
    expect(after.body.second_factor).toBeUndefined();
    expect(after.body.accessToken).toBeTruthy();
  });
});

test.describe("two-step sign-in required by the server", () => {
  let app: TestApp;
  test.beforeAll(async () => {
    app = await startTestApp("pglite", clientDir, { REQUIRE_TOTP: "everyone" });
  });
  test.afterAll(() => app?.stop());

  test("someone without it sets it up on Login before the sign-in completes", async ({ page }) => {
    const email = "rita.required@example.test";
    await app.ctx.db.insertInto("users").values({ full_name: "Rita Required", email, password_hash: await hashPassword("password-123") }).execute();
    await passwordStep(page, app.url, email, "password-123");
    await expect(page.getByRole("heading", { name: "Set up two-step sign-in" })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    expect(await axe(page, "Login, two-step sign-in required")).toEqual([]);
    const secret = (await page.getByTestId("totp-secret").getAttribute("data-secret")) ?? "";
    await page.screenshot({ path: path.join(SHOTS, "6-required-setup.png") });
    // Nothing else of the app meanwhile.
    await expect(page).toHaveURL(/\/Login/);
    await page.getByLabel("Enter the 6-digit code from your authenticator app").fill((await freshCode(secret, -1)).code);
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
    await expect(page).toHaveURL(/\/Dashboard$/);
  });
});
