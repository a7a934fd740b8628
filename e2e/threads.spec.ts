// Threads between people (docs/threads.md): a reply in a thread reaches the starter live as the
// root's reply count and as an unread in the Threads view; opening the thread reads it (the
// unread clears); a reply also sent to the channel shows in the channel's main list, a reply only
// in the thread does not.
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { openChannel, signedInPage, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);

async function gotoChat(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Chat/ }).click();
  await expect(page).toHaveURL(/\/Chat\?channel=\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

const channelLog = (page: Page, name: string) => page.getByRole("log", { name: `Messages in ${name}` });
const row = (page: Page, name: string, text: string) => channelLog(page, name).locator("[data-message-id]").filter({ hasText: text });
const pane = (page: Page) => page.getByRole("complementary", { name: "Thread" });
const threadsEntry = (page: Page) => page.getByRole("complementary", { name: "Channels" }).getByRole("button", { name: /^Threads/ });

test("a reply in a thread: counts and unread live, reading clears it, also-send shows in the channel", async ({ browser }) => {
  const a = await signedInPage(browser, USERS.member);
  const b = await signedInPage(browser, USERS.member2);
  const c = await signedInPage(browser, USERS.manager);
  for (const p of [a.page, b.page, c.page]) await gotoChat(p);

  // Jordan makes a public channel and starts a conversation there.
  const name = `e2e-threads-${stamp()}`;
  await a.page.getByRole("button", { name: "New", exact: true }).click();
  const create = a.page.getByRole("dialog", { name: "Create a channel" });
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button", { name: "Create Channel" }).click();
  await expect(a.page.getByRole("heading", { level: 1, name })).toBeVisible();
  const root = `Launch plan ${stamp()}`;
  const composer = a.page.getByRole("textbox", { name: `Message ${name}` });
  await composer.fill(root);
  await composer.press("Enter");
  for (const p of [b.page, c.page]) {
    await expect(p.locator(`button[data-channel-name="${name}"]`)).toBeVisible({ timeout: 5000 });
    await openChannel(p, name);
    await expect(row(p, name, root)).toBeVisible();
  }

  // Sam replies in the thread from the message's actions.
  await row(b.page, name, root).hover();
  await row(b.page, name, root).getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name: "Reply in thread" }).click();
  await expect(pane(b.page)).toBeVisible();
  await expect(pane(b.page).getByText(root)).toBeVisible();
  const reply = pane(b.page).getByRole("textbox", { name: "Reply in thread" });
  await reply.fill("Only in the thread");
  await reply.press("Enter");
  await expect(pane(b.page).getByText("Only in the thread")).toBeVisible();

  // Everyone reading the channel sees the root's count move; the reply itself stays out of the channel.
  for (const p of [a.page, c.page]) {
    await expect(row(p, name, root).getByTestId("thread-summary")).toContainText("1 reply");
    await expect(channelLog(p, name)).not.toContainText("Only in the thread");
  }
  // Jordan started the thread, so follows it: the Threads entry counts the unread reply.
  await expect(threadsEntry(a.page).getByTestId("threads-unread")).toHaveText("1");
  await expect(threadsEntry(c.page).getByTestId("threads-unread")).toBeHidden();

  // Sam's second reply also goes to the channel.
  await reply.fill("For everyone too");
  await pane(b.page).getByLabel(`Also send to #${name}`).check();
  await reply.press("Enter");
  await expect(pane(b.page).getByText("For everyone too")).toBeVisible();
  await expect(row(c.page, name, "For everyone too")).toBeVisible();
  await expect(row(c.page, name, "For everyone too")).toContainText("Replied in a thread");
  await expect(row(a.page, name, root).getByTestId("thread-summary")).toContainText("2 replies");
  await expect(threadsEntry(a.page).getByTestId("threads-unread")).toHaveText("2");

  // Jordan's Threads view lists it with its unread replies, live.
  await threadsEntry(a.page).click();
  const listed = a.page.getByRole("list", { name: "Followed threads" }).locator("li").filter({ hasText: root });
  await expect(listed.getByTestId("thread-unread")).toHaveText("2 unread");
  await reply.fill("One more");
  await reply.press("Enter");
  await expect(listed.getByTestId("thread-unread")).toHaveText("3 unread");

  // Opening it shows the thread beside the channel and reads it: the unread clears everywhere.
  await listed.getByRole("button").click();
  await expect(pane(a.page)).toBeVisible();
  for (const text of ["Only in the thread", "For everyone too", "One more"]) await expect(pane(a.page).getByText(text)).toBeVisible();
  await expect(threadsEntry(a.page).getByTestId("threads-unread")).toBeHidden();
  await expect(pane(a.page).getByRole("button", { name: "Unfollow" })).toBeVisible();
  mkdirSync("/tmp/shots", { recursive: true });
  await a.page.waitForTimeout(300);
  await a.page.screenshot({ path: "/tmp/shots/threads.png" });

  // Unfollowing takes it off Jordan's Threads list.
  await pane(a.page).getByRole("button", { name: "Unfollow" }).click();
  await expect(pane(a.page).getByRole("button", { name: "Follow" })).toBeVisible();
  await threadsEntry(a.page).click();
  await expect(a.page.getByRole("list", { name: "Followed threads" }).locator("li").filter({ hasText: root })).toHaveCount(0);

  for (const x of [a, b, c]) await x.context.close();
});

test("a long thread opens at its newest reply, pages back to its first, and its starter resolves and reopens it", async ({ browser, request }) => {
  const { page, context } = await signedInPage(browser, USERS.member);
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const headers = { authorization: `Bearer ${token}` };
  const name = `e2e-long-thread-${stamp()}`;
  const made = await request.post("/api/entities/channels", { headers, data: { name, type: "public" } });
  expect(made.status()).toBe(201);
  const channelId = ((await made.json()) as { id: number }).id;
  const post = async (data: object) => {
    const res = await request.post("/api/entities/messages", { headers, data: { channel_id: channelId, ...data } });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number };
  };
  const rootText = `Long discussion ${stamp()}`;
  const root = await post({ content: rootText });
  // More than two pages of the pane (a page is 50 replies).
  const total = 120;
  for (let i = 1; i <= total; i++) await post({ content: `Long reply number ${i}.`, thread_root_id: root.id });

  await gotoChat(page);
  await openChannel(page, name);
  await row(page, name, rootText).getByTestId("thread-summary").click();
  const log = pane(page).getByRole("log", { name: "Replies" });
  await expect(log.getByText(`Long reply number ${total}.`)).toBeVisible();
  await expect(log).toHaveAttribute("data-count", "50");
  await expect(log.getByText("Long reply number 1.", { exact: true })).toHaveCount(0);

  // Scrolling up reaches the way back; each page keeps the place and adds the replies before it.
  const older = pane(page).getByRole("button", { name: "Load older replies" });
  for (const count of ["100", "120"]) {
    await log.evaluate((el) => (el.scrollTop = 0));
    await older.click();
    await expect(log).toHaveAttribute("data-count", count);
  }
  await expect(older).toBeHidden();
  await log.evaluate((el) => (el.scrollTop = 0));
  await expect(log.getByText("Long reply number 1.", { exact: true })).toBeVisible();
  await expect(log.locator("[data-message-id]")).toHaveCount(total + 1); // the root and every reply once

  // Jordan started the thread, so may resolve it; Sam, who neither started it nor is a member, sees it live but may not.
  const sam = await signedInPage(browser, USERS.member2);
  await gotoChat(sam.page);
  await openChannel(sam.page, name);
  await row(sam.page, name, rootText).getByTestId("thread-summary").click();
  await expect(pane(sam.page).getByText("Long reply number 120.")).toBeVisible();
  await expect(pane(sam.page).getByRole("button", { name: "Resolve" })).toHaveCount(0);
  await pane(page).getByRole("button", { name: "Resolve" }).click();
  await expect(pane(page).getByRole("button", { name: "Reopen" })).toBeVisible();
  for (const p of [page, sam.page]) {
    await expect(row(p, name, rootText).getByTestId("thread-resolved")).toContainText(/Resolved by Jordan/);
    await expect(pane(p).getByTestId("thread-resolved")).toContainText(/Resolved by Jordan/);
  }
  await page.screenshot({ path: "/tmp/shots/thread-resolved.png" });
  await pane(page).getByRole("button", { name: "Reopen" }).click();
  await expect(row(sam.page, name, rootText).getByTestId("thread-resolved")).toHaveCount(0);
  await expect(pane(page).getByRole("button", { name: "Resolve" })).toBeVisible();
  await sam.context.close();
  await context.close();
});

test("a root deleted with replies stays as a placeholder for the one who deleted it too, and its thread still opens", async ({ browser, request }) => {
  const jordan = await signedInPage(browser, USERS.member);
  const sam = await signedInPage(browser, USERS.member2);
  const headers = (token: string | null) => ({ authorization: `Bearer ${token}` });
  const jordanToken = await jordan.page.evaluate(() => sessionStorage.getItem("access_token"));
  const samToken = await sam.page.evaluate(() => sessionStorage.getItem("access_token"));
  const name = `e2e-deleted-root-${stamp()}`;
  const made = await request.post("/api/entities/channels", { headers: headers(jordanToken), data: { name, type: "public" } });
  const channelId = ((await made.json()) as { id: number }).id;
  const rootText = `Shall we move the demo ${stamp()}`;
  const root = (await (await request.post("/api/entities/messages", { headers: headers(jordanToken), data: { channel_id: channelId, content: rootText } })).json()) as { id: number };
  for (const content of ["Tuesday works", "Fine by me"]) {
    const res = await request.post("/api/entities/messages", { headers: headers(samToken), data: { channel_id: channelId, content, thread_root_id: root.id } });
    expect(res.status()).toBe(201);
  }
  const rootRow = (p: Page) => channelLog(p, name).locator(`[data-message-id="${root.id}"]`);
  for (const p of [jordan.page, sam.page]) {
    await gotoChat(p);
    await openChannel(p, name);
    await expect(rootRow(p).getByTestId("thread-summary")).toContainText("2 replies");
  }

  // Jordan deletes the root: everyone, Jordan included, keeps "Message deleted · 2 replies".
  await rootRow(jordan.page).hover();
  await rootRow(jordan.page).getByRole("button", { name: "Delete message" }).click();
  const confirm = jordan.page.getByRole("alertdialog", { name: "Delete this message?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  for (const p of [sam.page, jordan.page]) {
    await expect(rootRow(p)).toContainText("Message deleted");
    await expect(rootRow(p)).not.toContainText(rootText);
    await expect(rootRow(p).getByTestId("thread-summary")).toContainText("2 replies");
  }
  await jordan.page.waitForTimeout(500);
  await expect(rootRow(jordan.page)).toContainText("Message deleted");
  await jordan.page.screenshot({ path: "/tmp/shots/thread-root-deleted.png" });
  await rootRow(jordan.page).getByTestId("thread-summary").click();
  await expect(pane(jordan.page).getByText("Fine by me")).toBeVisible();
  for (const x of [jordan, sam]) await x.context.close();
});
