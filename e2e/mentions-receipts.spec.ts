// Mentions and read receipts (docs/messages.md, "Mentions and read receipts"): typing "@" in the composer
// offers the channel's people and picking one writes the mention; the person mentioned sees an "@"
// badge on the channel and the message highlighted. In a dm the sender sees "Seen by" when the
// other person reads, live; once that person turns read receipts off it is gone.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { openChannel, PASSWORD, signedInPage, USERS } from "./helpers";

async function auth(request: APIRequestContext, email: string): Promise<{ headers: { authorization: string }; id: number }> {
  const res = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
  const me = (await (await request.get("/api/auth/me", { headers })).json()) as { id: number };
  return { headers, id: me.id };
}

async function gotoChat(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Chat/ }).click();
  await expect(page).toHaveURL(/\/Chat\?channel=\d+/);
}

test("@ autocomplete writes a mention; the person mentioned sees the badge and the highlight", async ({ browser, request }) => {
  const name = `e2e-mention-${Date.now().toString(36)}`;
  const jordan = await auth(request, USERS.member);
  const made = await request.post("/api/entities/channels", { headers: jordan.headers, data: { name, type: "private", members: [USERS.member2] } });
  expect(made.status()).toBe(201);

  const writer = await signedInPage(browser, USERS.member);
  const reader = await signedInPage(browser, USERS.member2);
  await gotoChat(writer.page);
  await gotoChat(reader.page);
  await openChannel(writer.page, name);

  const composer = writer.page.getByRole("textbox", { name: `Message ${name}` });
  await composer.click();
  await composer.pressSequentially("Review this please @sa");
  const list = writer.page.getByRole("listbox", { name: "People to mention" });
  await expect(list).toBeVisible();
  await expect(list.getByRole("option", { name: /Sam Carter/ })).toHaveAttribute("aria-selected", "true");
  await writer.page.screenshot({ path: "/tmp/shots/mention-autocomplete.png" });
  // Escape closes it; a new "@" opens it again.
  await composer.press("Escape");
  await expect(list).toBeHidden();
  for (let i = 0; i < 3; i++) await composer.press("Backspace");
  await composer.pressSequentially("@Sam");
  await expect(list).toBeVisible();
  await composer.press("Enter");
  await expect(list).toBeHidden();
  await expect(composer).toHaveValue(`Review this please @[Sam Carter](${USERS.member2}) `);
  await composer.press("Enter");

  const sent = writer.page.locator("[data-message-id]").filter({ hasText: "Review this please" });
  await expect(sent.locator("[data-mention]")).toHaveText("@Sam Carter");

  // Sam: an "@" badge with one mention on the channel, then the message highlighted.
  const badge = reader.page.locator(`button[data-channel-name="${name}"]`).getByTestId("mention-badge");
  await expect(badge).toHaveText("1");
  await expect(badge).toHaveAttribute("aria-label", "1 mention");
  await reader.page.screenshot({ path: "/tmp/shots/mention-badge.png" });
  await openChannel(reader.page, name);
  const row = reader.page.locator("[data-message-id]").filter({ hasText: "Review this please" });
  await expect(row.locator("[data-mentioned]")).toBeVisible();
  await expect(row.locator("[data-mention]")).toHaveText("@Sam Carter");
  await expect(badge).toBeHidden();
  await reader.page.evaluate(() => document.fonts.ready);
  await reader.page.screenshot({ path: "/tmp/shots/mentions.png" });
  await writer.context.close();
  await reader.context.close();
});

test("in a dm the sender sees who has read, live; not once the reader turns read receipts off", async ({ browser, request }) => {
  const jordan = await auth(request, USERS.member);
  const sam = await auth(request, USERS.member2);
  const dm = (await (await request.post("/api/channels/dm", { headers: jordan.headers, data: { user_id: sam.id } })).json()) as { id: number };
  const writer = await signedInPage(browser, USERS.member);
  const reader = await signedInPage(browser, USERS.member2);
  try {
    await gotoChat(writer.page);
    await gotoChat(reader.page);
    await openChannel(writer.page, "Sam Carter");
    const text = `Did you see this ${Date.now().toString(36)}?`;
    const composer = writer.page.getByRole("textbox", { name: "Message Sam Carter" });
    await composer.fill(text);
    await composer.press("Enter");
    const mine = writer.page.locator("[data-message-id]").filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(writer.page.getByTestId("seen-by")).toHaveCount(0);

    // Sam opens the dm and so reads it: Jordan sees it at once.
    await openChannel(reader.page, "Jordan Lee");
    await expect(mine.getByTestId("seen-by")).toHaveText("Seen by Sam Carter");
    await writer.page.screenshot({ path: "/tmp/shots/seen-by.png" });

    // Sam turns read receipts off: the line goes, and later reads are not shown (nor after a reload).
    expect((await request.patch(`/api/entities/users/${sam.id}`, { headers: sam.headers, data: { enable_read_receipts: false } })).status()).toBe(200);
    await expect(writer.page.getByTestId("seen-by")).toHaveCount(0);
    const second = `And this ${Date.now().toString(36)}`;
    await composer.fill(second);
    await composer.press("Enter");
    const secondRow = writer.page.locator("[data-message-id]").filter({ hasText: second });
    await expect(secondRow).toBeVisible();
    const id = Number(await secondRow.getAttribute("data-message-id"));
    expect((await request.post("/api/chat/read", { headers: sam.headers, data: { channel_id: dm.id, message_id: id } })).ok()).toBe(true);
    await writer.page.waitForTimeout(500);
    await expect(writer.page.getByTestId("seen-by")).toHaveCount(0);
    await writer.page.reload();
    await expect(writer.page.locator("[data-message-id]").filter({ hasText: second })).toBeVisible();
    await writer.page.waitForTimeout(500);
    await expect(writer.page.getByTestId("seen-by")).toHaveCount(0);
  } finally {
    await request.patch(`/api/entities/users/${sam.id}`, { headers: sam.headers, data: { enable_read_receipts: true } });
    await writer.context.close();
    await reader.context.close();
  }
});
