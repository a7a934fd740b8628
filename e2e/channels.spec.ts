// A channel's people (picked at creation, added and removed from the header, leaving), direct
// messages from the Directory and from Call History, and Chat opening where one left it.
import { expect, test, type Page } from "@playwright/test";
import { gotoChat, openChannel, screenshot, signedInPage, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);
const channelButton = (page: Page, name: string) => page.locator(`button[data-channel-name="${name}"]`);
const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** A REST call as the page's signed-in user. */
function apiCall<T>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(`/api${p}`, {
        method: b ? "POST" : "GET",
        headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}`, "content-type": "application/json" },
        body: b ? JSON.stringify(b) : undefined,
      });
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      return res.json();
    },
    [path, body] as const,
  );
}

test("a private channel: members picked at creation, added and removed from the header, and leaving, all live", async ({ browser }) => {
  const a = await signedInPage(browser, USERS.manager);
  const b = await signedInPage(browser, USERS.member);
  await gotoChat(a.page);
  await gotoChat(b.page);
  await expect(heading(b.page)).toHaveText("general");

  // Priya creates an invite-only channel with Jordan in it; Jordan's list shows it without reloading.
  const name = `e2e-private-${stamp()}`;
  await a.page.getByRole("button", { name: "New", exact: true }).click();
  const create = a.page.getByRole("dialog", { name: "Create a channel" });
  await create.getByLabel("Name").fill(name);
  await create.getByText("Invite only").click();
  await create.getByRole("searchbox", { name: "Search people" }).fill("jordan");
  await create.getByLabel("Jordan Lee").check();
  await screenshot(a.page, "channels-create-with-members");
  await create.getByRole("button", { name: "Create Channel" }).click();
  await expect(heading(a.page)).toHaveText(name);
  await openChannel(b.page, name);

  // From the header: the member list, and removing Jordan, who loses the channel at once.
  await a.page.getByRole("button", { name: "2 members" }).click();
  const members = a.page.getByRole("dialog", { name: `Members of #${name}` });
  await expect(members.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveText([/Priya Shah\s*You/, /Jordan Lee/]);
  await screenshot(a.page, "channels-members-dialog");
  await members.getByRole("button", { name: "Remove Jordan Lee" }).click();
  await expect(members.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(1);
  await expect(channelButton(b.page, name)).toHaveCount(0);
  // The channel Jordan had open went away: Chat falls back to #general.
  await expect(heading(b.page)).toHaveText("general");

  // Adding him back: it reappears for him.
  await members.getByRole("button", { name: "Add people" }).click();
  const add = a.page.getByRole("dialog", { name: `Add people to #${name}` });
  await add.getByRole("searchbox", { name: "Search people" }).fill("jordan");
  await add.getByLabel("Jordan Lee").check();
  await screenshot(a.page, "channels-add-people");
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(a.page.getByRole("dialog", { name: `Members of #${name}` }).getByText("Jordan Lee")).toBeVisible();
  await a.page.keyboard.press("Escape");
  await expect(channelButton(b.page, name)).toBeVisible();

  // Jordan leaves it himself; Priya's header counts one member again.
  await openChannel(b.page, name);
  await b.page.getByRole("button", { name: "Leave channel" }).click();
  const confirm = b.page.getByRole("alertdialog", { name: `Leave #${name}?` });
  await screenshot(b.page, "channels-leave-confirm");
  await confirm.getByRole("button", { name: "Leave channel" }).click();
  await expect(channelButton(b.page, name)).toHaveCount(0);
  await expect(heading(b.page)).toHaveText("general");
  await expect(a.page.getByRole("button", { name: "1 member", exact: true })).toBeVisible();
  // Nobody leaves the system channel.
  await expect(b.page.getByRole("button", { name: "Leave channel" })).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});

test("Message on a Directory card and on a call history card lands in the one direct message", async ({ browser }) => {
  const a = await signedInPage(browser, USERS.manager);
  const b = await signedInPage(browser, USERS.member);
  await gotoChat(b.page);

  await a.page.goto("/Directory");
  await a.page.getByRole("searchbox", { name: "Search people" }).fill("Jordan Lee");
  const card = a.page.getByTestId(/^person-/).filter({ hasText: "Jordan Lee" });
  await screenshot(a.page, "channels-directory-message");
  await card.getByRole("button", { name: "Message Jordan Lee" }).click();
  await expect(a.page).toHaveURL(/\/Chat\?channel=\d+/);
  const dmUrl = a.page.url();
  await expect(heading(a.page)).toHaveText("Jordan Lee");
  const text = `Hi Jordan, a word about the roadmap ${stamp()}`;
  const composer = a.page.getByRole("textbox", { name: "Message Jordan Lee" });
  await composer.fill(text);
  await composer.press("Enter");
  await screenshot(a.page, "channels-dm");

  // Jordan sees the conversation appear under Direct messages, named after Priya.
  const dms = b.page.getByRole("list", { name: "Direct messages", exact: true });
  await expect(dms.locator('button[data-channel-name="Priya Shah"]')).toBeVisible();
  await openChannel(b.page, "Priya Shah");
  await expect(b.page.getByText(text)).toBeVisible();
  // His Message button on her card opens the same conversation, not a second one.
  await b.page.goto("/Directory");
  await b.page.getByRole("searchbox", { name: "Search people" }).fill("Priya Shah");
  await b.page.getByRole("button", { name: "Message Priya Shah" }).click();
  await expect(b.page).toHaveURL(dmUrl);

  // A call between them, then Message on its history card: the same conversation again.
  const [jordan] = await apiCall<{ id: number }[]>(a.page, `/entities/users?where=${encodeURIComponent(JSON.stringify({ email: USERS.member }))}`);
  const call = await apiCall<{ call_id: string }>(a.page, "/webrtc/initiate-call", { target_user_id: jordan.id, call_type: "audio" });
  await apiCall(a.page, "/webrtc/end-call", { call_id: call.call_id });
  await a.page.goto("/CallHistory");
  const callCard = a.page.locator(`[data-call-id="${call.call_id}"]`);
  await expect(callCard).toBeVisible();
  await screenshot(a.page, "channels-call-history-message");
  await callCard.getByRole("button", { name: "Message Jordan Lee" }).click();
  await expect(a.page).toHaveURL(dmUrl);
  await expect(a.page.getByText(text)).toBeVisible();

  await a.context.close();
  await b.context.close();
});

test("Chat opens the channel viewed last, else #general; a public channel left can be joined again", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member2);
  await gotoChat(page);
  await expect(heading(page)).toHaveText("general");
  await expect(page.getByText("Select a channel to start chatting")).toHaveCount(0);

  const name = `e2e-public-${stamp()}`;
  await page.getByRole("button", { name: "New", exact: true }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create Channel" }).click();
  await expect(heading(page)).toHaveText(name);

  // Leaving a public channel keeps it in reach, under More channels, with a way back in.
  await page.getByRole("button", { name: "Leave channel" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave channel" }).click();
  await expect(page.getByRole("list", { name: "More channels", exact: true }).locator(`button[data-channel-name="${name}"]`)).toBeVisible();
  await expect(heading(page)).toHaveText(name);
  await screenshot(page, "channels-join-public");
  await page.getByRole("button", { name: "Join channel" }).click();
  await expect(page.getByRole("list", { name: "Channels", exact: true }).locator(`button[data-channel-name="${name}"]`)).toBeVisible();

  // Elsewhere and back, and after a reload: Chat opens it again.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await gotoChat(page);
  await expect(heading(page)).toHaveText(name);
  await page.goto("/Chat");
  await expect(heading(page)).toHaveText(name);
  await context.close();
});
