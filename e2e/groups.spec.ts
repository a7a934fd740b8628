// User groups (docs/groups.md): a manager makes a group in the Directory's Groups tab and adds a
// person; a member mentions it from the composer's autocomplete; the group's member gets the
// mention in the notification centre, with the group's name; the channel's members dialog adds a
// group's people in one step; the Directory filters by group.
import { expect, test } from "@playwright/test";
import { openChannel, PASSWORD, screenshot, signedInPage, USERS } from "./helpers";

test("a manager makes a group, a member mentions @handle, the group's member is notified; the Directory filters by group", async ({ browser, request }) => {
  const suffix = Date.now().toString(36);
  const handle = `crew-${suffix}`;
  const groupName = `Release crew ${suffix}`;
  const channel = `e2e-groups-${suffix}`;
  const login = await request.post("/api/auth/login", { data: { email: USERS.member, password: PASSWORD } });
  const jordan = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  expect((await request.post("/api/entities/channels", { headers: jordan, data: { name: channel, type: "private", members: [USERS.member2] } })).status()).toBe(201);

  // Priya (a manager) makes the group and adds Sam.
  const priya = await signedInPage(browser, USERS.manager);
  await priya.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Directory" }).click();
  await priya.page.getByRole("tab", { name: "Groups" }).click();
  await priya.page.getByRole("button", { name: "New group" }).click();
  const form = priya.page.getByRole("dialog", { name: "New group" });
  await form.getByLabel("Name").fill(groupName);
  await form.getByLabel("Handle").fill(handle);
  await form.getByRole("button", { name: "Create group" }).click();
  await expect(form).toBeHidden();
  const card = priya.page.getByRole("region", { name: `Group @${handle}` });
  await expect(card).toContainText("0 members");
  await card.getByRole("button", { name: "Add people" }).click();
  const add = priya.page.getByRole("dialog", { name: `Add people to @${handle}` });
  await add.getByLabel("Search people").fill("Sam");
  await add.getByText("Sam Carter").click();
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(add).toBeHidden();
  await expect(card).toContainText("1 member");
  await expect(card.getByRole("list", { name: `Members of @${handle}` })).toContainText("Sam Carter");
  await screenshot(priya.page, "groups-manage");

  // Jordan (a member) mentions the group from the autocomplete.
  const writer = await signedInPage(browser, USERS.member);
  const sam = await signedInPage(browser, USERS.member2);
  const bell = sam.page.getByRole("button", { name: /^Notifications(,|$)/ });
  await expect(bell).toBeVisible();
  await writer.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).click();
  await openChannel(writer.page, channel);
  const composer = writer.page.getByRole("textbox", { name: `Message ${channel}` });
  await composer.click();
  await composer.pressSequentially(`Ship it @crew-${suffix.slice(0, 3)}`);
  const list = writer.page.getByRole("listbox", { name: "People to mention" });
  const option = list.getByRole("option", { name: new RegExp(`@${handle}.*1 member`) });
  await expect(option).toBeVisible();
  await screenshot(writer.page, "groups-autocomplete");
  await option.click();
  await expect(composer).toHaveValue(`Ship it @${handle} `);
  await composer.press("Enter");
  const sent = writer.page.locator("[data-message-id]").filter({ hasText: "Ship it" });
  await expect(sent.locator(`[data-mention="@${handle}"]`)).toHaveText(`@${handle} (${groupName})`);
  await screenshot(writer.page, "groups-mention");

  // Sam hears of it as of a personal mention: an item in the notification centre.
  await bell.click();
  const centre = sam.page.getByRole("dialog", { name: "Notification centre" });
  await expect(centre.getByRole("button", { name: new RegExp(`Ship it @${handle} \\(${groupName}\\)`) })).toBeVisible({ timeout: 20_000 });
  await screenshot(sam.page, "groups-notification");
  await sam.page.keyboard.press("Escape");

  // Adding a group to a channel in one step: its people not yet in the channel join it.
  const priyaToken = await request.post("/api/auth/login", { data: { email: USERS.manager, password: PASSWORD } });
  const priyaAuth = { authorization: `Bearer ${((await priyaToken.json()) as { accessToken: string }).accessToken}` };
  const group = ((await (await request.get(`/api/entities/groups?where=${encodeURIComponent(JSON.stringify({ handle }))}`, { headers: priyaAuth })).json()) as { id: number }[])[0];
  expect((await request.post("/api/entities/group_members", { headers: priyaAuth, data: { group_id: group.id, user_email: "emma.brown@example.com" } })).status()).toBe(201);
  await writer.page.getByRole("button", { name: /^2\s*members$/ }).click();
  const members = writer.page.getByRole("dialog", { name: `Members of #${channel}` });
  await members.getByRole("button", { name: "Add people" }).click();
  await writer.page.getByRole("combobox", { name: "Add a group" }).click();
  await writer.page.getByRole("option", { name: `${groupName} (@${handle}) · 2 members` }).click();
  await expect(writer.page.getByRole("checkbox", { name: /Emma Brown/ })).toBeChecked();
  await screenshot(writer.page, "groups-channel-add");
  await writer.page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(writer.page.getByRole("list", { name: "Members" })).toContainText("Emma Brown");
  await writer.page.keyboard.press("Escape");

  // The Directory's group filter shows the group's people alone.
  await writer.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Directory" }).click();
  await expect(writer.page.getByRole("tab", { name: "Groups" })).toHaveCount(0);
  await writer.page.getByRole("combobox", { name: "Group" }).click();
  await writer.page.getByRole("option", { name: `${groupName} (@${handle})` }).click();
  await expect(writer.page.getByText("2 people")).toBeVisible();
  await expect(writer.page.getByRole("heading", { name: "Sam Carter" })).toBeVisible();
  await expect(writer.page.getByRole("heading", { name: "Emma Brown" })).toBeVisible();
  await expect(writer.page.getByRole("heading", { name: "Jordan Lee" })).toHaveCount(0);
  await screenshot(writer.page, "groups-directory-filter");

  for (const c of [priya, writer, sam]) await c.context.close();
});
