import { expect, test } from "@playwright/test";
import { MOBILE, screenshot, signIn, signedInPage, USERS } from "./helpers";

test("a protected URL sends a visitor to Login and back there after signing in", async ({ page }) => {
  await page.goto("/Chat?channel=1");
  await expect(page).toHaveURL(/\/Login$/);
  await expect(page.getByRole("heading", { name: /Sign in/ })).toBeVisible();
  await screenshot(page, "login-desktop");

  await page.getByLabel("Email").fill(USERS.member);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

  await signIn(page, USERS.member, { navigate: false, expectedUrl: /\/Chat\?channel=1$/ });
  await expect(page.getByRole("heading", { level: 1, name: "general" })).toBeVisible();
});

test("routing: case-insensitive page names, unknown names fall back to Dashboard", async ({ page }) => {
  await signIn(page, USERS.member);
  await expect(page.getByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), Jordan!$/ })).toBeVisible();
  await page.goto("/chat");
  await expect(page.getByRole("heading", { level: 1, name: "general" })).toBeVisible();
  await page.goto("/some/where/TASKS");
  await expect(page.getByRole("heading", { level: 1, name: "My Tasks" })).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: /^Good / })).toBeVisible();
  // Signed in, the Login page moves on to Dashboard.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/Dashboard$/);
});

test("sign-out returns to Login and protected pages stay closed", async ({ page }) => {
  await signIn(page, USERS.member);
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("access_token"))).toBeNull();
  await page.goto("/Tasks");
  await expect(page).toHaveURL(/\/Login$/);
  await page.goto("/Logout");
  await expect(page).toHaveURL(/\/Login$/);
});

test("user menu: Admin only for full admins, theme toggle, status", async ({ browser }) => {
  const member = await signedInPage(browser, USERS.member);
  await member.page.getByRole("button", { name: "User menu" }).click();
  const menu = member.page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Activity" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
  await menu.getByRole("menuitemradio", { name: "Busy" }).click();
  await member.page.getByRole("button", { name: "User menu" }).click();
  await expect(member.page.getByRole("menuitemradio", { name: "Busy" })).toHaveAttribute("aria-checked", "true");
  await member.page.getByRole("menuitem", { name: "Activity" }).click();
  await expect(member.page).toHaveURL(/\/CallHistory$/);
  // Back to Online: the same seeded people make calls in later specs, and a busy caller is refused.
  await member.page.getByRole("button", { name: "User menu" }).click();
  await member.page.getByRole("menuitemradio", { name: "Online" }).click();
  await member.page.getByRole("button", { name: "User menu" }).click();
  await expect(member.page.getByRole("menuitemradio", { name: "Online" })).toHaveAttribute("aria-checked", "true");
  await member.page.keyboard.press("Escape");
  await member.context.close();

  const { context, page } = await signedInPage(browser, USERS.admin);
  await screenshot(page, "shell-desktop-light");
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Admin" })).toBeVisible();
  await screenshot(page, "shell-desktop-user-menu");
  await page.getByRole("menuitem", { name: "Dark Mode" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("team_app_settings") ?? "{}").theme);
  expect(stored).toBe("dark");
  await screenshot(page, "shell-desktop-dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Light Mode" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await context.close();
});

test("sidebar collapses with Ctrl+B and remembers it in the sidebar_state cookie", async ({ page, context }) => {
  await signIn(page, USERS.member);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(256);
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(48);
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(604_800 - 60);
  await screenshot(page, "shell-desktop-collapsed");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

test("Invite Users creates a real invitation link", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.getByRole("button", { name: "Invite Users" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a colleague" });
  const send = dialog.getByRole("button", { name: "Send Invitation" });
  await expect(send).toBeDisabled();
  await dialog.getByLabel("Email address").fill("   ");
  await expect(send).toBeDisabled();
  await expect(dialog.getByLabel("Invitation message")).not.toHaveValue("");
  await screenshot(page, "invite-dialog");
  await dialog.getByLabel("Email address").fill("new.colleague@example.com");
  await send.click();
  const ready = page.getByRole("dialog", { name: "Invitation ready" });
  await expect(ready.getByLabel("Invitation link")).toHaveValue(/^http/);
  await ready.getByRole("button", { name: "Done" }).click();
  await expect(ready).toBeHidden();

  await page.getByRole("button", { name: "Invite Users" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("mobile: header with the product name, sidebar as a sheet", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.admin, MOBILE);
  await expect(page.getByRole("banner").getByText("Teamspace")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
  await screenshot(page, "shell-mobile-light");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  await expect.poll(() => sheet.evaluate((el) => el.getBoundingClientRect().width)).toBe(288);
  await screenshot(page, "shell-mobile-nav-light");
  await sheet.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Dark Mode" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(sheet).toBeVisible();
  await screenshot(page, "shell-mobile-nav-dark");
  await page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: "Tasks" }).click();
  await expect(page).toHaveURL(/\/Tasks$/);
  await expect(page.getByRole("dialog", { name: "Navigation" })).toHaveCount(0);
  await screenshot(page, "shell-mobile-dark");
  await context.close();

  const login = await browser.newContext(MOBILE);
  const loginPage = await login.newPage();
  await loginPage.goto("/Login");
  await expect(loginPage.getByRole("button", { name: "Sign in" })).toBeVisible();
  await screenshot(loginPage, "login-mobile");
  await login.close();
});

test("a page whose code is slow to come does not keep the app blank: the shell shows, then the page", async ({ page }) => {
  await signIn(page, USERS.member);
  // The Chat page's chunk is held (a stalled network) until the shell has shown without it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ChatPage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/Chat?channel=1");
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "general" })).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "general" })).toBeVisible();
});
