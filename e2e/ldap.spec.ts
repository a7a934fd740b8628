// LDAP sign-in in Chromium against a real OpenLDAP server (slapd, started here with people and
// groups of its own): Login's form takes a sign-in name, the directory's password signs the person
// in with their profile and role, and the refusals read as words. The spec starts its own app
// (embedded database, the built client) because the shared e2e server has no directory.
import { test, expect, type Page } from "@playwright/test";
import path from "node:path";
import { startTestApp, type TestApp } from "../server/test/harness";
import { GROUPS, READER_DN, READER_PASSWORD, SUFFIX, startSlapd, type Slapd } from "../server/test/slapd";
import { MESSAGES } from "@shared/constants";
import { axe } from "./a11y-helpers";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join("test-results", "ldap");

let app: TestApp;
let slapd: Slapd;

test.beforeAll(async () => {
  slapd = await startSlapd(
    [
      { uid: "ann", cn: "Ann Archer", mail: "ann@corp.test", password: "ann-pass-1", title: "CTO", department: "IT" },
      { uid: "cat", cn: "Cat Carter", mail: "cat@corp.test", password: "cat-pass-1" },
    ],
    { "ws-admins": ["ann"] },
  );
  app = await startTestApp("pglite", process.env.E2E_CLIENT_DIR ? { clientDir: process.env.E2E_CLIENT_DIR } : {}, {
    LDAP_URL: slapd.url,
    LDAP_BIND_DN: READER_DN,
    LDAP_BIND_PASSWORD: READER_PASSWORD,
    LDAP_BASE_DN: SUFFIX,
    LDAP_GROUP_BASE_DN: GROUPS,
    LDAP_ADMIN_GROUP: "ws-admins",
    LDAP_SYNC_INTERVAL: "0",
    PASSWORD_LOGIN: "off",
  });
});

test.afterAll(async () => {
  await app?.stop();
  await slapd?.stop();
});

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("current_user") ?? "null") as { email: string; full_name: string; role: string } | null);

test("a person signs in with their directory name and password, as the directory describes them", async ({ page }) => {
  await page.goto(`${app.url}/Login`);
  // Password sign-in is off, yet the form is there: the directory checks the password.
  const name = page.getByLabel("Email or username");
  await expect(name).toBeVisible();
  expect(await axe(page, "Login with a directory")).toEqual([]);

  await name.fill("cat");
  await page.getByLabel("Password", { exact: true }).fill("wrong");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.invalidCredentials);
  await page.screenshot({ path: path.join(SHOTS, "1-wrong-password.png") });

  await name.fill("ann");
  await page.getByLabel("Password", { exact: true }).fill("ann-pass-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByText("Ann Archer").first()).toBeVisible();
  expect(await storedUser(page)).toMatchObject({ email: "ann@corp.test", full_name: "Ann Archer", role: "admin" });
  await page.screenshot({ path: path.join(SHOTS, "2-signed-in.png") });

  // Admin → Security shows the directory's settings in force.
  await page.goto(`${app.url}/Admin`);
  await page.getByRole("tab", { name: "Security" }).click();
  await expect(page.getByText("Directory (LDAP)")).toBeVisible();
  await expect(page.getByText("admin: ws-admins (groups under ou=groups,dc=corp,dc=test)")).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "3-admin-security.png") });
});
