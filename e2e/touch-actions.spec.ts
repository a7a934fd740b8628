// A message's actions on a phone (docs/messages.md, "On a phone"): at 390×844 with touch, a long
// press opens a sheet with everything the hover toolbar does; reacting, replying in a thread,
// editing and deleting from it reach someone reading on a desktop live.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { MOBILE, screenshot, signedInPage, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);
const channelLog = (page: Page, name: string) => page.getByRole("log", { name: `Messages in ${name}` });
const row = (page: Page, name: string, text: string) => channelLog(page, name).locator("[data-message-id]").filter({ hasText: text });
const sheet = (page: Page) => page.getByRole("dialog", { name: "Message actions" });

/** A finger held on the element for `ms` (touch events through DevTools, as a phone sends them). */
async function longPress(page: Page, target: Locator, ms = 700): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to press");
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("long-press a message on a phone: react, reply in a thread, edit and delete from the sheet, seen live on a desktop", async ({ browser }) => {
  const desk = await signedInPage(browser, USERS.member2);
  const phone = await signedInPage(browser, USERS.member, MOBILE);

  // Sam makes a public channel on the desktop; Jordan opens it on the phone and writes there.
  const name = `e2e-touch-${stamp()}`;
  await desk.page.goto("/Chat");
  await desk.page.getByRole("button", { name: "New", exact: true }).click();
  const create = desk.page.getByRole("dialog", { name: "Create a channel" });
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button", { name: "Create Channel" }).click();
  await expect(desk.page.getByRole("heading", { level: 1, name })).toBeVisible();
  const channelId = new URL(desk.page.url()).searchParams.get("channel");
  await phone.page.goto(`/Chat?channel=${channelId}`);
  await expect(phone.page.getByRole("heading", { level: 1, name })).toBeVisible();

  const text = `From the train ${stamp()}`;
  const composer = phone.page.getByRole("textbox", { name: `Message ${name}` });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(row(desk.page, name, text)).toBeVisible();

  // The phone shows a "More actions" button and no hover toolbar; the desktop the other way round.
  await expect(row(phone.page, name, text).getByRole("button", { name: "More actions" })).toBeVisible();
  await expect(row(desk.page, name, text).getByRole("button", { name: "More actions" })).toBeHidden();

  // React from the sheet: every target a fingertip's size.
  await longPress(phone.page, row(phone.page, name, text).getByText(text));
  await expect(sheet(phone.page)).toBeVisible();
  for (const button of await sheet(phone.page).getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    const label = (await button.getAttribute("aria-label")) ?? (await button.textContent()) ?? "";
    expect(Math.min(box.width, box.height), label).toBeGreaterThanOrEqual(44);
  }
  await screenshot(phone.page, "touch-action-sheet");
  await sheet(phone.page).getByRole("button", { name: "React with 👍" }).click();
  await expect(sheet(phone.page)).toBeHidden();
  await expect(row(desk.page, name, text).locator('button[data-emoji="👍"]')).toContainText("1");

  // Reply in a thread from the sheet.
  await longPress(phone.page, row(phone.page, name, text).getByText(text));
  await sheet(phone.page).getByRole("button", { name: "Reply in thread" }).click();
  const reply = phone.page.getByRole("complementary", { name: "Thread" }).getByRole("textbox", { name: "Reply in thread" });
  await reply.fill("Replying with a thumb");
  await reply.press("Enter");
  await expect(row(desk.page, name, text).getByTestId("thread-summary")).toContainText("1 reply");
  await screenshot(phone.page, "touch-thread");
  await phone.page.getByRole("complementary", { name: "Thread" }).getByRole("button", { name: "Close thread" }).click();

  // Edit from the sheet.
  const edited = `${text} (edited on the phone)`;
  await longPress(phone.page, row(phone.page, name, text).getByText(text));
  await sheet(phone.page).getByRole("button", { name: "Edit message" }).click();
  const editor = row(phone.page, name, text).getByRole("textbox");
  await editor.fill(edited);
  await editor.press("Enter");
  await expect(row(desk.page, name, edited)).toContainText("(edited)");

  // Delete from the sheet, confirming.
  await longPress(phone.page, row(phone.page, name, edited).getByText(edited));
  await sheet(phone.page).getByRole("button", { name: "Delete message" }).click();
  await phone.page.getByRole("alertdialog", { name: "Delete this message?" }).getByRole("button", { name: "Delete" }).click();
  await expect(channelLog(desk.page, name)).not.toContainText("edited on the phone");
  await expect(channelLog(phone.page, name)).not.toContainText("edited on the phone");

  await desk.context.close();
  await phone.context.close();
});
