// Unread kept by the server (docs/unread.md): someone else's messages show as a count in the
// reader's channel list and a "New messages" divider when the channel is opened; reading in one
// tab clears the count in the reader's other tab within a second (the read position's change goes
// to every socket of its owner); "Mark as unread" brings it back there.
import { expect, test, type Page } from "@playwright/test";
import { gotoChat, openChannel, signedInPage, signIn, token, USERS } from "./helpers";

const badge = (page: Page, channel: string) => page.locator(`button[data-channel-name="${channel}"]`).getByLabel(/unread$/);

test("unread counts, the divider, reading in another tab and mark as unread", async ({ browser, request }) => {
  const name = `e2e-unread-${Date.now().toString(36)}`;
  const alex = { authorization: `Bearer ${await token(request, USERS.admin)}` };

  // The reader, Jordan, in two tabs of one browser (each tab signs in on its own).
  const reader = await signedInPage(browser, USERS.member);
  const tab1 = reader.page;
  const tab2 = await reader.context.newPage();
  await signIn(tab2, USERS.member);
  await gotoChat(tab1);
  await gotoChat(tab2);

  // Alex makes a private channel with Jordan and writes three messages.
  const made = await request.post("/api/entities/channels", { headers: alex, data: { name, type: "private", members: [USERS.member] } });
  expect(made.status()).toBe(201);
  const channelId = ((await made.json()) as { id: number }).id;
  await expect(tab1.locator(`button[data-channel-name="${name}"]`)).toBeVisible();
  for (const text of ["First news", "Second news", "Third news"]) {
    const res = await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, content: text } });
    expect(res.status()).toBe(201);
  }
  await expect(badge(tab1, name)).toHaveText("3");
  await expect(badge(tab2, name)).toHaveText("3");
  await expect(badge(tab2, name)).toHaveAttribute("aria-label", "3 unread");

  // Tab 1 opens it: the divider sits above the first unread message, and reading it clears
  // the count in tab 2 within a second.
  await openChannel(tab1, name);
  const divider = tab1.getByRole("separator", { name: "New messages" });
  await expect(divider).toBeVisible();
  const firstRow = tab1.locator("[data-message-id]").filter({ hasText: "First news" });
  expect((await divider.boundingBox())!.y).toBeLessThan((await firstRow.boundingBox())!.y);
  await expect(badge(tab2, name)).toBeHidden({ timeout: 1000 });

  // Mark as unread from the second message: the count (two) comes back in the other tab.
  const second = tab1.locator("[data-message-id]").filter({ hasText: "Second news" });
  await second.hover();
  await second.getByRole("button", { name: "Mark as unread" }).click();
  await expect(badge(tab2, name)).toHaveText("2", { timeout: 1000 });
  // ... and stays while tab 1 keeps the channel open (it holds reading until the channel is left).
  await tab1.waitForTimeout(500);
  await expect(badge(tab2, name)).toHaveText("2");
  await expect(tab1.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Chat/ })).toContainText(/\d/);
  await tab1.screenshot({ path: "/tmp/shots/unread.png" });

  // Tab 2 opens it: the divider is above the message marked unread, and reading it clears the count.
  await openChannel(tab2, name);
  await expect(tab2.getByRole("separator", { name: "New messages" })).toBeVisible();
  const jordan = { authorization: `Bearer ${await token(request, USERS.member)}` };
  await expect
    .poll(async () => {
      const res = await request.get("/api/chat/unread", { headers: jordan });
      return ((await res.json()) as { channels: { channel_id: number; unread: number }[] }).channels.find((c) => c.channel_id === channelId)?.unread;
    })
    .toBe(0);
  await reader.context.close();
});

test("Jump to first unread takes the reader back past what is loaded to the divider", async ({ browser, request }) => {
  const name = `e2e-jump-${Date.now().toString(36)}`;
  const alex = { authorization: `Bearer ${await token(request, USERS.admin)}` };
  const made = await request.post("/api/entities/channels", { headers: alex, data: { name, type: "private", members: [USERS.member2] } });
  const channelId = ((await made.json()) as { id: number }).id;
  // More than one page (50) of unread messages.
  for (let i = 1; i <= 60; i++) {
    const res = await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, content: `Update number ${i}` } });
    expect(res.status()).toBe(201);
  }
  const { context, page } = await signedInPage(browser, USERS.member2);
  await gotoChat(page);
  await expect(badge(page, name)).toHaveText("60");
  await openChannel(page, name);
  await expect(page.getByText("Update number 60", { exact: true })).toBeVisible();
  const jump = page.getByRole("button", { name: "Jump to first unread" });
  await expect(jump).toBeVisible();
  await jump.click();
  await expect(page.getByRole("separator", { name: "New messages" })).toBeInViewport();
  await expect(page.getByText("Update number 1", { exact: true })).toBeInViewport();
  await expect(jump).toBeHidden();
  await context.close();
});

// The top of a channel with more than a page of messages: "Load older messages" and, when there are
// unread messages above what is loaded, "Jump to first unread", both clickable there (the pill floats
// over the top of the list, and the list keeps that band free above the button).
const toTop = (page: Page) => page.getByTestId("message-list").evaluate((el) => el.scrollTo({ top: 0 }));

test("one's own messages are not unread: at the top of the channel, Load older messages is offered without the jump", async ({ browser, request }) => {
  const name = `e2e-own-${Date.now().toString(36)}`;
  const jordan = { authorization: `Bearer ${await token(request, USERS.member)}` };
  const made = await request.post("/api/entities/channels", { headers: jordan, data: { name, type: "private", members: [USERS.member2] } });
  const channelId = ((await made.json()) as { id: number }).id;
  // More than one page (50) of Jordan's own messages.
  for (let i = 1; i <= 57; i++) {
    const res = await request.post("/api/entities/messages", { headers: jordan, data: { channel_id: channelId, content: `My note ${i}` } });
    expect(res.status()).toBe(201);
  }
  const { context, page } = await signedInPage(browser, USERS.member);
  await gotoChat(page);
  await expect(page.locator(`button[data-channel-name="${name}"]`)).toBeVisible();
  await expect(badge(page, name)).toBeHidden();
  await openChannel(page, name);
  await expect(page.getByText("My note 57", { exact: true })).toBeVisible();
  await toTop(page);
  const older = page.getByRole("button", { name: "Load older messages" });
  await expect(older).toBeInViewport();
  await page.waitForTimeout(300);
  await expect(page.getByRole("button", { name: "Jump to first unread" })).toBeHidden();
  await page.screenshot({ path: "/tmp/shots/unread-own-top.png" });
  await older.click({ timeout: 5000 });
  await expect(page.getByTestId("message-list")).toHaveAttribute("data-count", "57");
  await expect(page.getByRole("separator", { name: "New messages" })).toBeHidden();
  await context.close();
});

test("57 unread messages: at the top of the channel, Load older messages and Jump to first unread are both clickable", async ({ browser, request }) => {
  const name = `e2e-top-${Date.now().toString(36)}`;
  const alex = { authorization: `Bearer ${await token(request, USERS.admin)}` };
  const made = await request.post("/api/entities/channels", { headers: alex, data: { name, type: "private", members: [USERS.member2] } });
  const channelId = ((await made.json()) as { id: number }).id;
  for (let i = 1; i <= 57; i++) {
    const res = await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, content: `Heads-up ${i}` } });
    expect(res.status()).toBe(201);
  }
  const { context, page } = await signedInPage(browser, USERS.member2);
  await gotoChat(page);
  await expect(badge(page, name)).toHaveText("57");
  await openChannel(page, name);
  await expect(page.getByText("Heads-up 57", { exact: true })).toBeVisible();
  await toTop(page);
  const older = page.getByRole("button", { name: "Load older messages" });
  const jump = page.getByRole("button", { name: "Jump to first unread" });
  await expect(older).toBeInViewport();
  await expect(jump).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/unread-top.png" });
  // Neither covers the other: each is what a click at its centre reaches.
  for (const button of [older, jump]) {
    expect(await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    })).toBe(true);
  }
  await older.click({ timeout: 5000 });
  await expect(page.getByTestId("message-list")).toHaveAttribute("data-count", "57");
  await jump.click({ timeout: 5000 });
  await expect(page.getByRole("separator", { name: "New messages" })).toBeInViewport();
  await expect(page.getByText("Heads-up 1", { exact: true })).toBeInViewport();
  await expect(jump).toBeHidden();
  await context.close();
});

test("a channel with unread messages opens with its rows apart: none drawn over another under New messages", async ({ browser, request }) => {
  const name = `e2e-apart-${Date.now().toString(36)}`;
  const alex = { authorization: `Bearer ${await token(request, USERS.admin)}` };
  const jordan = { authorization: `Bearer ${await token(request, USERS.member)}` };
  const made = await request.post("/api/entities/channels", { headers: alex, data: { name, type: "private", members: [USERS.member] } });
  const channelId = ((await made.json()) as { id: number }).id;
  const texts = [
    "Short one.",
    "A longer message about the release plan, the customers who asked for it, the date we promised and what is still missing from the build before we can ship it to everyone in the organisation next week.",
    "Line one\nLine two\nLine three",
  ];
  let last = 0;
  for (let i = 0; i < 24; i++) {
    const res = await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, content: `${i}: ${texts[i % 3]}` } });
    last = ((await res.json()) as { id: number }).id;
  }
  // Jordan has read all but the last six: the divider opens on screen.
  expect((await request.post("/api/chat/read", { headers: jordan, data: { channel_id: channelId, message_id: last - 6 } })).ok()).toBe(true);

  const { context, page } = await signedInPage(browser, USERS.member);
  await gotoChat(page);
  await expect(badge(page, name)).toHaveText("6");
  // Checks the channel's rows as they are about to be painted: from a ResizeObserver made once its
  // list has rows (after the list's own observer, so it runs after it), in every frame in which a
  // row appears or changes size.
  await page.evaluate((name) => {
    const w = window as unknown as { overlaps: string[] };
    w.overlaps = [];
    const rowsOf = (list: Element) => [...list.querySelectorAll("[data-index]")];
    const check = (list: Element) => {
      const rows = rowsOf(list)
        .map((el) => ({ index: Number(el.getAttribute("data-index")), box: el.getBoundingClientRect() }))
        .sort((a, b) => a.index - b.index);
      for (let i = 1; i < rows.length; i++) {
        if (rows[i].box.top < rows[i - 1].box.bottom - 1) w.overlaps.push(`rows ${rows[i - 1].index} and ${rows[i].index} by ${Math.round(rows[i - 1].box.bottom - rows[i].box.top)} px`);
      }
    };
    let sizes: ResizeObserver | null = null;
    new MutationObserver(() => {
      const list = document.querySelector(`[role="log"][aria-label="Messages in ${name}"]`);
      if (!list || !list.querySelector("[data-index]")) return;
      sizes ??= new ResizeObserver(() => check(list));
      for (const el of rowsOf(list)) sizes.observe(el);
    }).observe(document.body, { subtree: true, childList: true });
  }, name);
  await page.locator(`button[data-channel-name="${name}"]`).click();
  await expect(page.getByRole("separator", { name: "New messages" })).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/unread-opened.png" });
  await page.waitForTimeout(2000);
  expect(await page.evaluate(() => (window as unknown as { overlaps: string[] }).overlaps)).toEqual([]);

  // A row that grows once on screen (a reaction arrives) moves the rows below it in the same frame.
  const target = `${20}: ${texts[20 % 3]}`.slice(0, 20);
  const row = page.getByTestId("message-list").locator("[data-message-id]").filter({ hasText: target });
  const id = Number(await row.getAttribute("data-message-id"));
  const res = await request.post("/api/entities/message_reactions", { headers: alex, data: { message_id: id, emoji: "🎉" } });
  expect(res.status()).toBe(201);
  await expect(row.getByRole("group", { name: "Reactions" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { overlaps: string[] }).overlaps)).toEqual([]);
  await context.close();
});
