// Notification choices (docs/notifications.md): muting a channel from the bell in its header
// marks it muted in the channel list, in this tab and live in the person's other tab; a muted
// channel shows no unread count, only its mentions. Quiet hours set in Profile are still there
// after a reload.
import { expect, test, type Page } from "@playwright/test";
import { gotoChat, openChannel, signedInPage, signIn, token, USERS } from "./helpers";

test("muting a channel marks it in both tabs and counts only its mentions", async ({ browser, request }) => {
  const name = `e2e-muted-${Date.now().toString(36)}`;
  const alex = { authorization: `Bearer ${await token(request, USERS.admin)}` };
  const made = await request.post("/api/entities/channels", { headers: alex, data: { name, type: "private", members: [USERS.member] } });
  expect(made.status()).toBe(201);
  const channelId = ((await made.json()) as { id: number }).id;

  const reader = await signedInPage(browser, USERS.member);
  const tab1 = reader.page;
  const tab2 = await reader.context.newPage();
  await signIn(tab2, USERS.member);
  await gotoChat(tab1);
  await gotoChat(tab2);
  await openChannel(tab1, name);

  const item = (page: Page) => page.locator(`button[data-channel-name="${name}"]`);
  await expect(item(tab1)).not.toHaveAttribute("data-muted", "true");
  await tab1.getByRole("button", { name: "Notifications: Default" }).click();
  await tab1.getByRole("menuitemradio", { name: "Muted" }).click();
  await expect(tab1.getByRole("button", { name: "Notifications: Muted" })).toBeVisible();
  await expect(item(tab1)).toHaveAttribute("data-muted", "true");
  await expect(item(tab1).getByLabel("Muted")).toBeVisible();
  // The other tab hears of it from the change sent to Jordan's sockets.
  await expect(item(tab2)).toHaveAttribute("data-muted", "true");

  // Tab 2 looks elsewhere: a plain message adds no count to the muted channel, a mention does.
  const post = async (content: string) => expect((await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, content } })).status()).toBe(201);
  await post("Plain news nobody must hear about");
  await post("@[Jordan Lee](jordan.lee@example.com) one for you");
  await expect(item(tab2).getByLabel("1 mention")).toBeVisible();
  await expect(item(tab2).getByLabel(/unread$/)).toHaveCount(0);

  // Back to all messages: the mark goes.
  await tab1.getByRole("button", { name: "Notifications: Muted" }).click();
  await tab1.getByRole("menuitemradio", { name: "All messages" }).click();
  await expect(item(tab2)).not.toHaveAttribute("data-muted", "true");
  await reader.context.close();
});

test("quiet hours set in Profile are kept after a reload", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member2);
  await page.goto("/Profile");
  const quiet = page.getByRole("switch", { name: /Quiet hours/ });
  await expect(quiet).toBeVisible();
  if ((await quiet.getAttribute("aria-checked")) !== "true") await quiet.click();
  await page.getByLabel("From").fill("21:30");
  await page.getByLabel("Until").fill("06:45");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("switch", { name: /Quiet hours/ })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel("From")).toHaveValue("21:30");
  await expect(page.getByLabel("Until")).toHaveValue("06:45");
  await context.close();
});
