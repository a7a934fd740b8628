import { expect, test } from "@playwright/test";
import { MOBILE, USERS, screenshot, signedInPage } from "./helpers";

test("an admin invites a colleague, who joins from a fresh browser and lands on the Dashboard; the link then refuses", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, USERS.admin);
  const email = `new.colleague.${Date.now()}@example.com`;
  let link: string;
  try {
    await admin.page.goto("/Directory");
    await admin.page.getByRole("button", { name: "Invite User", exact: true }).click();
    await admin.page.getByLabel("Email address").fill(email);
    await admin.page.getByRole("button", { name: "Send Invitation" }).click();
    link = await admin.page.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(/\/AcceptInvite\?token=/);
  } finally {
    await admin.context.close();
  }

  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Join your team" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await screenshot(page, "invite-accept");
  await page.getByLabel("Full name").fill("Casey New");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toContainText("at least 8 characters");
  await page.getByLabel("Password", { exact: true }).fill("a-long-password");
  await page.getByLabel("Confirm password").fill("a-long-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByText(/Casey/).first()).toBeVisible();
  await fresh.close();

  // Single use: a second browser gets the refusal, and the API says 404.
  const again = await browser.newContext();
  const p2 = await again.newPage();
  await p2.goto(link);
  await expect(p2.getByRole("alert")).toContainText("has already been used");
  const token = new URL(link).searchParams.get("token");
  const res = await again.request.post(new URL("/api/auth/accept-invite", link).toString(), {
    data: { token, full_name: "Someone Else", password: "another-long-one" },
  });
  expect(res.status()).toBe(404);
  await again.close();
});

test("admins choose who may invite; a member opening /Admin is refused by the server and sees no tab", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, USERS.admin);
  const member = await signedInPage(browser, USERS.member);
  try {
    const a = admin.page;
    await a.goto("/Admin");
    await expect(a.getByRole("tab", { name: "Users" })).toBeVisible();
    await expect(a.locator('[data-testid="user-row"]').first()).toBeVisible();
    await screenshot(a, "admin-users");
    await a.getByRole("combobox", { name: "Who may invite people" }).click();
    await a.getByRole("option", { name: "Admins only" }).click();
    await expect(a.getByRole("combobox", { name: "Who may invite people" })).toContainText("Admins only");

    const m = member.page;
    await m.goto("/Directory");
    await m.getByRole("button", { name: "Invite User", exact: true }).click();
    await m.getByLabel("Email address").fill("blocked.invite@example.com");
    await m.getByRole("button", { name: "Send Invitation" }).click();
    await expect(m.getByRole("alert")).toContainText("only lets admins");
    await m.keyboard.press("Escape");

    // The server refuses the member (403) and the page shows no tab.
    const overview = m.waitForResponse((r) => r.url().includes("/api/admin/overview"));
    await m.goto("/Admin");
    expect((await overview).status()).toBe(403);
    await expect(m.getByText("Forbidden")).toBeVisible();
    await expect(m.getByRole("tab")).toHaveCount(0);
    for (const path of ["/api/admin/security", "/api/admin/database", "/api/admin/database/backup"]) {
      expect((await member.context.request.get(path)).status()).toBe(403);
    }
    await screenshot(m, "admin-forbidden");

    // Edit a user: the e-mail is read-only; saving says so.
    await a.getByRole("button", { name: "Edit Sam Carter" }).click();
    await expect(a.getByLabel("Email")).toBeDisabled();
    await a.getByLabel("Job title").fill("Lead Product Designer");
    await a.getByRole("button", { name: "Save", exact: true }).click();
    await expect(a.getByText("User updated successfully")).toBeVisible();
    await expect(a.locator('[data-email="sam.carter@example.com"]')).toContainText("Lead Product Designer");
    await a.getByRole("combobox", { name: "Who may invite people" }).click();
    await a.getByRole("option", { name: "Everyone" }).click();

    // Security: sessions include the member's; revoking it signs the member out.
    await a.getByRole("tab", { name: "Security" }).click();
    await expect(a.getByText("Sign-in rules in force")).toBeVisible();
    await expect(a.getByTestId("session-row").first()).toBeVisible();
    await screenshot(a, "admin-security");
    await a.getByRole("tab", { name: "Database" }).click();
    await expect(a.getByTestId("Migration version")).toContainText("2026");
    await expect(a.getByRole("cell", { name: "users", exact: true })).toBeVisible();
    const backup = await admin.context.request.get("/api/admin/database/backup");
    expect(backup.status()).toBe(200);
    // The archive npm run restore reads (gzip; its contents are tested in server/ops/backup).
    expect(backup.headers()["content-type"]).toBe("application/gzip");
    expect([...(await backup.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    await screenshot(a, "admin-database");
    await a.evaluate(() => document.documentElement.classList.add("dark"));
    await a.getByRole("tab", { name: "Users" }).click();
    await screenshot(a, "admin-users-dark");
  } finally {
    await admin.context.close();
    await member.context.close();
  }
  const narrow = await signedInPage(browser, USERS.admin, MOBILE);
  await narrow.page.goto("/Admin");
  await expect(narrow.page.getByRole("tab", { name: "Storage" })).toBeVisible();
  await screenshot(narrow.page, "admin-mobile");
  await narrow.context.close();
});
