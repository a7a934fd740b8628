// Pinned, Saved and Scheduled messages (docs/messages.md): a pin reaches another person's open
// channel live (indicator and the header's Pinned list), a saved message is found in Saved and
// opens in its channel, and a message scheduled a few seconds ahead arrives by itself.
import { expect, test, type Page } from "@playwright/test";
import { MOBILE, screenshot, signedInPage, token, twoInNewChannel, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);
const row = (page: Page, text: string) => page.getByRole("log").locator("[data-message-id]").filter({ hasText: text });
const toolbarButton = async (page: Page, text: string, name: string) => {
  await row(page, text).hover();
  return row(page, text).getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name });
};

test("pin, save and schedule messages", async ({ browser, request }) => {
  const { a, b, name, composer } = await twoInNewChannel(browser, "e2e-keep");

  const text = `Release checklist ${stamp()}`;
  await composer.fill(text);
  await composer.press("Enter");
  await expect(row(b.page, text)).toBeVisible();

  // Jordan (the author) pins it; Sam's open channel shows the pin and counts it, live.
  await expect(b.page.getByTestId("pinned-count")).toHaveText("0");
  await (await toolbarButton(a.page, text, "Pin to channel")).click();
  await expect(row(b.page, text).getByTestId("message-pinned")).toContainText("Pinned by Jordan");
  await expect(b.page.getByTestId("pinned-count")).toHaveText("1");
  await b.page.getByRole("button", { name: "Pinned messages: 1" }).click();
  await expect(b.page.getByRole("list", { name: "Pinned messages" })).toContainText(text);
  await screenshot(b.page, "pinned-list");
  await b.page.keyboard.press("Escape");

  // Sam saves it and finds it in Saved, then opens it from there.
  await (await toolbarButton(b.page, text, "Save for later")).click();
  await expect(await toolbarButton(b.page, text, "Remove from Saved")).toBeVisible();
  await b.page.getByRole("button", { name: "Saved messages" }).click();
  const saved = b.page.getByRole("list", { name: "Saved messages" });
  await expect(saved).toContainText(text);
  await expect(saved).toContainText(`#${name}`);
  await screenshot(b.page, "saved-panel");
  await saved.getByRole("button").filter({ hasText: text }).click();
  await expect(b.page).toHaveURL(/message=\d+/);
  // Saved is Sam's alone: Jordan's is empty of it.
  await a.page.getByRole("button", { name: "Saved messages" }).click();
  await expect(a.page.getByRole("dialog")).not.toContainText(text);
  await a.page.keyboard.press("Escape");

  // Jordan schedules a message from the send button's menu: it waits above the composer.
  const later = `Stand-up notes ${stamp()}`;
  await composer.fill(later);
  await a.page.getByRole("button", { name: "Schedule for later" }).click();
  await a.page.getByRole("menuitem", { name: "Tomorrow at 9:00" }).click();
  await expect(composer).toHaveValue("");
  await expect(a.page.getByTestId("scheduled-count")).toHaveText("1 scheduled message");
  await a.page.getByTestId("scheduled-count").click();
  await expect(a.page.getByTestId("scheduled-item")).toContainText(later);
  await screenshot(a.page, "scheduled-bar");
  await expect(row(b.page, later)).toHaveCount(0);
  // ...and "Send now" posts it as Jordan.
  await a.page.getByTestId("scheduled-item").getByRole("button", { name: "Send now" }).click();
  await expect(row(b.page, later)).toBeVisible();
  await expect(a.page.getByTestId("scheduled-count")).toHaveCount(0);

  // One scheduled a few seconds ahead arrives by itself, in both tabs.
  const channelId = Number(new URL(a.page.url()).searchParams.get("channel"));
  const soon = `Coffee in five ${stamp()}`;
  const res = await request.post("/api/chat/scheduled", {
    headers: { authorization: `Bearer ${await token(request, USERS.member)}` },
    data: { channel_id: channelId, content: soon, send_at: new Date(Date.now() + 4000).toISOString() },
  });
  expect(res.status()).toBe(201);
  await expect(row(b.page, soon)).toBeVisible({ timeout: 15_000 });
  await expect(row(a.page, soon)).toBeVisible();
  await expect(row(b.page, soon)).toHaveCount(1);
  await screenshot(b.page, "scheduled-arrived");

  await a.context.close();
  await b.context.close();
});

test("on a phone the action sheet pins, saves and sets a reminder", async ({ browser, request }) => {
  const auth = { authorization: `Bearer ${await token(request, USERS.member)}` };
  const name = `e2e-keep-phone-${stamp()}`;
  const channel = await (await request.post("/api/entities/channels", { headers: auth, data: { name, type: "public", members: [] } })).json();
  const text = `Pack the demo kit ${stamp()}`;
  expect((await request.post("/api/entities/messages", { headers: auth, data: { channel_id: channel.id, content: text } })).status()).toBe(201);

  const phone = await signedInPage(browser, USERS.member, MOBILE);
  await phone.page.goto(`/Chat?channel=${channel.id}`);
  const sheet = phone.page.getByRole("dialog", { name: "Message actions" });
  const open = async () => {
    await row(phone.page, text).getByRole("button", { name: "More actions" }).click();
    await expect(sheet).toBeVisible();
  };

  await open();
  await sheet.getByRole("button", { name: "Pin to channel" }).click();
  await expect(row(phone.page, text).getByTestId("message-pinned")).toContainText("Pinned by Jordan");

  await open();
  await sheet.getByRole("button", { name: "Save for later" }).click();
  await open();
  await expect(sheet.getByRole("button", { name: "Remove from Saved" })).toBeVisible();
  await sheet.getByRole("button", { name: "Remind me", exact: true }).click();
  await expect(sheet.getByRole("button", { name: "Remind me: tomorrow at 9:00" })).toBeVisible();
  for (const button of await sheet.getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height), (await button.textContent()) ?? "").toBeGreaterThanOrEqual(44);
  }
  await screenshot(phone.page, "keep-touch-sheet");
  await sheet.getByRole("button", { name: "Remind me: in 20 minutes" }).click();
  await expect(sheet).toBeHidden();
  await expect(phone.page.getByText(/I will remind you/).first()).toBeVisible();

  const reminders = await (await request.get("/api/chat/reminders", { headers: auth })).json();
  const mine = reminders.filter((r: { channel_id: number }) => r.channel_id === channel.id);
  expect(mine).toHaveLength(1);
  expect(Math.abs(new Date(mine[0].remind_at).getTime() - Date.now() - 20 * 60_000)).toBeLessThan(60_000);
  await phone.context.close();
});
