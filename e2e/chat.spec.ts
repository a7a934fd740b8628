import { expect, test, type Page } from "@playwright/test";
import { makePng, openChannel, screenshot, signedInPage, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);

async function gotoChat(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).click();
  // Chat opens a channel at once (the one viewed last, else #general).
  await expect(page).toHaveURL(/\/Chat\?channel=\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("a new channel, its messages and an image reach another user live", async ({ browser }) => {
  const a = await signedInPage(browser, USERS.admin);
  const b = await signedInPage(browser, USERS.member);
  await gotoChat(a.page);
  await gotoChat(b.page);

  // A creates a channel; B's list shows it without reloading.
  const name = `e2e-live-${stamp()}`;
  await a.page.getByRole("button", { name: "New", exact: true }).click();
  const dialog = a.page.getByRole("dialog", { name: "Create a channel" });
  await expect(dialog.getByRole("button", { name: "Create Channel" })).toBeDisabled();
  await dialog.getByLabel("Name").fill(`  ${name}  `);
  await dialog.getByLabel(/Description/).fill("Where the end-to-end tests talk");
  await expect(dialog.getByText("Anyone can join")).toBeVisible();
  await expect(dialog.getByText("Invite only")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Channel" }).click();
  await expect(dialog).toBeHidden();
  await expect(a.page).toHaveURL(/\?channel=\d+/);
  await expect(a.page.getByRole("heading", { level: 1, name })).toBeVisible();

  const bChannel = b.page.locator(`button[data-channel-name="${name}"]`);
  await expect(bChannel).toBeVisible({ timeout: 5000 });
  await openChannel(b.page, name);
  await expect(b.page.getByText(`Welcome to #${name}`)).toBeVisible();

  // A sends; B sees it within a second.
  const text = `Hello from Alex ${stamp()}`;
  const composer = a.page.getByRole("textbox", { name: `Message ${name}` });
  await composer.fill(text);
  await composer.press("Enter");
  const sentAt = Date.now();
  await expect(b.page.getByText(text)).toBeVisible({ timeout: 1000 });
  expect(Date.now() - sentAt).toBeLessThan(1000);
  await expect(a.page.getByText(text)).toBeVisible();
  await expect(composer).toHaveValue("");

  // Shift+Enter makes a new line; an empty message is refused.
  await composer.press("Shift+Enter");
  await expect(composer).toHaveValue("\n");
  await composer.press("Enter");
  await expect(a.page.getByRole("log").locator("[data-message-id]")).toHaveCount(1);
  await composer.fill("");

  // B attaches an image; A sees the inline preview.
  await b.page.getByTestId("composer-file-input").setInputFiles({
    name: "pixel-art.png",
    mimeType: "image/png",
    buffer: makePng(160, 100),
  });
  const preview = a.page.getByRole("log").getByRole("img", { name: "pixel-art.png" });
  await expect(preview).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await screenshot(a.page, "chat-live-image");

  await a.context.close();
  await b.context.close();
});

test("Load older messages pages back through the seeded history without duplicates", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member);
  await gotoChat(page);
  await openChannel(page, "general");

  const list = page.getByTestId("message-list");
  const older = page.getByRole("button", { name: "Load older messages" });
  await expect(list).toHaveAttribute("data-count", "50");
  await older.click();
  await expect(list).toHaveAttribute("data-count", "100");
  await older.click();
  // The last page is smaller than 50, so the button goes away and the channel's beginning shows.
  await expect(older).toBeHidden();
  await expect(page.getByText("Welcome to #general")).toBeVisible();
  const count = Number(await list.getAttribute("data-count"));
  expect(count).toBeGreaterThanOrEqual(120);

  // The list is virtualised: sweep it top to bottom and collect every rendered message id.
  const seen = await list.evaluate(async (el) => {
    const order: number[] = [];
    const wait = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    el.scrollTop = 0;
    await wait();
    for (let guard = 0; guard < 400; guard++) {
      for (const row of el.querySelectorAll<HTMLElement>("[data-message-id]")) {
        const id = Number(row.dataset.messageId);
        if (!order.includes(id)) order.push(id);
      }
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) break;
      el.scrollTop += el.clientHeight * 0.8;
      await wait();
    }
    return { order, domRows: el.querySelectorAll("[data-message-id]").length };
  });
  expect(seen.order.length).toBe(count);
  expect(new Set(seen.order).size).toBe(count);
  const sorted = [...seen.order].sort((x, y) => x - y);
  expect(seen.order).toEqual(sorted);
  // Virtualised: far fewer rows in the DOM than messages held.
  expect(seen.domRows).toBeLessThan(count);

  await context.close();
});

test("only admins are offered channel deletion, never for system channels", async ({ browser }) => {
  const member = await signedInPage(browser, USERS.member);
  await gotoChat(member.page);
  await expect(member.page.locator('button[data-channel-name="random"]')).toBeVisible();
  // The rows settle into their sections once those are read (docs/channels.md, "Sidebar").
  await expect(member.page.getByRole("button", { name: "New section" })).toBeEnabled();
  // Everyone has a channel menu (favourite, mute, move to another section: docs/channels.md,
  // "Sidebar"); Delete channel is only in it for those who may.
  await member.page.getByRole("button", { name: "Channel options for random" }).click({ force: true });
  await expect(member.page.getByRole("menu")).toBeVisible();
  await expect(member.page.getByRole("menuitem", { name: "Delete channel" })).toHaveCount(0);
  await member.page.keyboard.press("Escape");
  await openChannel(member.page, "random");
  await expect(member.page.getByRole("button", { name: "Delete channel" })).toHaveCount(0);
  await member.context.close();

  const admin = await signedInPage(browser, USERS.admin);
  await gotoChat(admin.page);
  await expect(admin.page.getByRole("button", { name: "New section" })).toBeEnabled();
  for (const [channel, offered] of [["random", 1], ["general", 0]] as const) {
    await admin.page.getByRole("button", { name: `Channel options for ${channel}` }).click({ force: true });
    await expect(admin.page.getByRole("menu")).toBeVisible();
    await expect(admin.page.getByRole("menuitem", { name: "Delete channel" })).toHaveCount(offered);
    await admin.page.keyboard.press("Escape");
  }

  // Create a throwaway channel, then delete it through the sidebar menu with confirmation.
  const name = `e2e-delete-${stamp()}`;
  await admin.page.getByRole("button", { name: "New", exact: true }).click();
  await admin.page.getByRole("dialog").getByLabel("Name").fill(name);
  await admin.page.getByRole("dialog").getByRole("button", { name: "Create Channel" }).click();
  await expect(admin.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await admin.page.locator(`button[data-channel-name="${name}"]`).hover();
  await admin.page.getByRole("button", { name: `Channel options for ${name}` }).click();
  await admin.page.getByRole("menuitem", { name: "Delete channel" }).click();
  const confirm = admin.page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Delete #${name}?`);
  await confirm.getByRole("button", { name: "Delete channel" }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.page.locator(`button[data-channel-name="${name}"]`)).toHaveCount(0);
  // The deleted channel was open: the first remaining channel takes its place.
  await expect(admin.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(admin.page.getByRole("heading", { level: 1 })).not.toHaveText(name);
  await admin.context.close();
});

test("a manager turns a message into a task, then reassigns it", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.manager);
  await gotoChat(page);
  await openChannel(page, "vr-bugs");
  const text = `Login button misaligned on Safari ${stamp()}`;
  const composer = page.getByRole("textbox", { name: "Message vr-bugs" });
  await composer.fill(text);
  await composer.press("Enter");
  const row = page.locator("[data-message-id]").filter({ hasText: text });
  await row.hover();
  await row.getByRole("button", { name: "Create task from message" }).click();

  const dialog = page.getByRole("dialog", { name: "Create Task from Message" });
  await expect(dialog.getByLabel("Title")).toHaveValue(text);
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please select at least one user to assign the task to.");
  await dialog.getByLabel("Jordan Lee").check();
  await dialog.getByLabel("Title").fill("   ");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Task title cannot be empty.");
  await dialog.getByLabel("Title").fill("Fix the login button on Safari");
  await dialog.getByLabel("Sam Carter").check();
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(page.getByText("Task created and assigned to 2 user(s)", { exact: true })).toBeVisible();

  await row.hover();
  await row.getByRole("button", { name: "Create task from message" }).click();
  const again = page.getByRole("dialog", { name: "Reassign Task" });
  await expect(again.getByLabel("Jordan Lee")).toBeChecked();
  await again.getByLabel("Sam Carter").uncheck();
  await again.getByRole("button", { name: "Reassign Task" }).click();
  await expect(page.getByText("Task reassigned to 1 user(s)", { exact: true })).toBeVisible();
  await context.close();
});

test("chat screenshots", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.admin);
  await gotoChat(page);
  await openChannel(page, "general");
  await expect(page.getByTestId("message-list")).toHaveAttribute("data-count", /\d+/);
  await screenshot(page, "chat-desktop-light");
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Dark Mode" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  // Let the colour transitions finish, so the picture shows the theme and not a blend of both.
  await page.waitForTimeout(600);
  await screenshot(page, "chat-desktop-dark");
  await context.close();

  const mobile = await signedInPage(browser, USERS.member, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await mobile.page.goto("/Chat");
  await expect(mobile.page.locator('button[data-channel-name="general"]')).toBeVisible();
  await screenshot(mobile.page, "chat-mobile-list");
  await openChannel(mobile.page, "general");
  await screenshot(mobile.page, "chat-mobile-channel");
  await mobile.context.close();
});
