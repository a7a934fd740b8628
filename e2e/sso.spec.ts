// Single sign-on in Chromium against a real OpenID provider (oidc-provider, started here with
// accounts of its own): "Sign in with Corp ID" on Login, the provider's own login and consent
// pages, and the app after. The spec starts its own app (in this process, embedded database, the
// built client) because the shared e2e server has no provider configured.
import { test, expect, type Page } from "@playwright/test";
import path from "node:path";
import { startTestApp, type TestApp } from "../server/test/harness";
import { freePort } from "../server/test/net";
import { startTestProvider, type TestProvider } from "../server/test/oidc-provider";
import { SSO_ERRORS } from "@shared/sign-in";
import { axe } from "./a11y-helpers";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join("test-results", "sso");

let app: TestApp;
let provider: TestProvider;

test.beforeAll(async () => {
  const port = await freePort();
  app = await startTestApp(
    "pglite",
    // E2E_CLIENT_DIR: a client built elsewhere (scripts/e2e.mjs builds dist/client, the default).
    process.env.E2E_CLIENT_DIR ? { clientDir: process.env.E2E_CLIENT_DIR } : {},
    {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: "teamspace-test",
      OIDC_CLIENT_SECRET: "teamspace-test-secret-0123456789",
      OIDC_NAME: "Corp ID",
      OIDC_ADMIN_GROUP: "ws-admins",
    },
  );
  provider = await startTestProvider(port, {
    nia: { email: "nia.newbie@corp.test", email_verified: true, name: "Nia Newbie", groups: ["staff"] },
    bo: { email: "bo.boss@corp.test", email_verified: true, name: "Bo Boss", groups: ["ws-admins"] },
  });
  provider.allow(app.url);
});

test.afterAll(async () => {
  await provider?.stop();
  await app?.stop();
});

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("current_user") ?? "null") as { email: string; full_name: string; role: string } | null);

/** At the provider's development login page: the login is the account id, any password. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a new person signs in with Corp ID, comes back as the same person, and signs out at the provider", async ({ page }) => {
  await page.goto(`${app.url}/Login`);
  const sso = page.getByRole("link", { name: "Sign in with Corp ID" });
  await expect(sso).toBeVisible();
  expect(await axe(page, "Login with single sign-on")).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, "1-login.png") });
  await sso.click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(provider.issuer);
  await page.screenshot({ path: path.join(SHOTS, "2-provider-login.png") });
  await signInAtProvider(page, "nia");

  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByText("Nia Newbie").first()).toBeVisible();
  expect(await storedUser(page)).toMatchObject({ email: "nia.newbie@corp.test", full_name: "Nia Newbie", role: "user" });
  await page.screenshot({ path: path.join(SHOTS, "3-signed-in.png") });

  // Returning: the same account, and the provider remembers the person (no login page this time).
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${app.url}/Login`);
  await page.getByRole("link", { name: "Sign in with Corp ID" }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
  expect(await storedUser(page)).toMatchObject({ email: "nia.newbie@corp.test" });
  const accounts = await app.ctx.db.selectFrom("users").select("id").where("email", "=", "nia.newbie@corp.test").execute();
  expect(accounts).toHaveLength(1);

  // Signing out ends the provider's session too: it asks to confirm, then sends the browser back to Login.
  await page.goto(`${app.url}/Logout`);
  await expect(page.getByRole("button", { name: "Yes, sign me out" })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "4-provider-logout.png") });
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await expect(page).toHaveURL(/\/Login/);
  await expect(page.getByRole("link", { name: "Sign in with Corp ID" })).toBeVisible();
  // The provider forgot the person: signing in asks for the login again.
  await page.getByRole("link", { name: "Sign in with Corp ID" }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test("someone in the provider's admin group signs in as an admin", async ({ page }) => {
  await page.goto(`${app.url}/Login`);
  await page.getByRole("link", { name: "Sign in with Corp ID" }).click();
  await signInAtProvider(page, "bo");
  await expect(page).toHaveURL(/\/Dashboard$/);
  expect(await storedUser(page)).toMatchObject({ email: "bo.boss@corp.test", role: "admin" });
  // Admin → Security shows the single sign-on settings in force.
  await page.goto(`${app.url}/Admin`);
  await page.getByRole("tab", { name: "Security" }).click();
  await expect(page.getByText(`Corp ID (${provider.issuer}, client teamspace-test)`)).toBeVisible();
  await expect(page.getByText("admin: ws-admins (claim groups)")).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "7-admin-security.png") });
});

test("cancelling at the provider comes back to Login saying so", async ({ page }) => {
  await page.goto(`${app.url}/Login`);
  await page.getByRole("link", { name: "Sign in with Corp ID" }).click();
  await page.getByRole("link", { name: "[ Cancel ]" }).click();
  await expect(page).toHaveURL(/\/Login\?error=denied$/);
  await expect(page.getByRole("alert")).toHaveText(SSO_ERRORS.denied);
});

test("a provider that is down sends the person back to Login with a clear message", async ({ page }) => {
  const oidc = app.ctx.config.oidc!;
  // A configuration of its own, pointing at a port nobody listens on: nothing discovered for it yet.
  app.ctx.config.oidc = { ...oidc, issuer: `http://127.0.0.1:${await freePort()}` };
  try {
    await page.goto(`${app.url}/Login`);
    await page.getByRole("link", { name: "Sign in with Corp ID" }).click();
    await expect(page).toHaveURL(/\/Login\?error=unreachable$/);
    await expect(page.getByRole("alert")).toHaveText(SSO_ERRORS.unreachable);
    expect(await axe(page, "Login after a refused sign-on")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "5-provider-down.png") });
  } finally {
    app.ctx.config.oidc = oidc;
  }
});

test("with password sign-in off, the form waits behind a link for the break-glass admin", async ({ page }) => {
  app.ctx.config.passwordLogin.enabled = false;
  try {
    await page.goto(`${app.url}/Login`);
    await expect(page.getByRole("link", { name: "Sign in with Corp ID" })).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
    expect(await axe(page, "Login with passwords off")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "6-password-off.png") });
    await page.getByRole("button", { name: "Sign in with a password (administrators)" }).click();
    await page.getByLabel("Email").fill("someone@corp.test");
    await page.getByLabel("Password", { exact: true }).fill("some-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Password sign-in is turned off");
  } finally {
    app.ctx.config.passwordLogin.enabled = true;
  }
});
