// The sidebar's sections (docs/channels.md, "Sidebar"): Jordan makes a section of his own, moves
// one channel into it by dragging and another by "Move to…", favourites a channel with the star in
// its header, mutes one from its menu, collapses the section; a second tab of his follows each
// change live and a reload keeps it all. On a phone a long press opens a channel's menu and its
// targets are a fingertip's size.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { MOBILE, gotoChat, screenshot, signedInPage, signIn, token, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);
const section = (page: Page, name: string) => page.locator(`section[data-section="${name}"]`);
const row = (scope: Page | Locator, name: string) => scope.locator(`button[data-channel-name="${name}"]`);

async function makeChannels(request: import("@playwright/test").APIRequestContext, names: string[]) {
  const alex = { authorization: `Bearer ${await token(request, USERS.admin)}` };
  for (const name of names) {
    const made = await request.post("/api/entities/channels", { headers: alex, data: { name, type: "private", members: [USERS.member] } });
    expect(made.status()).toBe(201);
  }
}

/** A mouse drag in small steps, as a person drags (the sidebar starts a drag after a few pixels). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("nothing to drag");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

test("sections: create, drag in, Move to…, favourite, mute, collapse; live in another tab and kept after a reload", async ({ browser, request }) => {
  const s = stamp();
  const dragged = `e2e-sb-drag-${s}`;
  const moved = `e2e-sb-move-${s}`;
  const starred = `e2e-sb-star-${s}`;
  const sectionName = `Launch ${s}`;
  await makeChannels(request, [dragged, moved, starred]);

  const jordan = await signedInPage(browser, USERS.member, { viewport: { width: 1280, height: 900 } });
  const tab1 = jordan.page;
  const tab2 = await jordan.context.newPage();
  await signIn(tab2, USERS.member);
  await gotoChat(tab1);
  await gotoChat(tab2);
  for (const name of [dragged, moved, starred]) await expect(row(section(tab1, "Channels"), name)).toBeVisible();
  await expect(section(tab1, "Favourites")).toBeVisible();
  await expect(section(tab1, "Direct messages")).toBeVisible();

  // A section of his own, seen at once in the other tab.
  await tab1.getByRole("button", { name: "New section" }).click();
  const dialog = tab1.getByRole("dialog", { name: "New section" });
  await dialog.getByLabel("Section name").fill(sectionName);
  await dialog.getByRole("button", { name: "Create section" }).click();
  await expect(section(tab1, sectionName)).toBeVisible();
  await expect(section(tab2, sectionName)).toBeVisible();
  await expect(section(tab1, sectionName).getByText("Drag channels here")).toBeVisible();

  // Dragged with the mouse onto the section's header.
  await drag(tab1, row(tab1, dragged), section(tab1, sectionName).getByRole("button", { name: sectionName, exact: true }));
  await expect(row(section(tab1, sectionName), dragged)).toBeVisible();
  await expect(row(section(tab2, sectionName), dragged)).toBeVisible();

  // Moved from the channel's menu.
  await row(tab1, moved).hover();
  await tab1.getByRole("button", { name: `Channel options for ${moved}` }).click();
  await tab1.getByRole("menuitem", { name: "Move to…" }).click();
  const moveTo = tab1.getByRole("dialog", { name: `Move ${moved} to…` });
  await moveTo.getByRole("button", { name: sectionName }).click();
  await expect(row(section(tab1, sectionName), moved)).toBeVisible();
  await expect(row(section(tab2, sectionName), moved)).toBeVisible();
  await expect(row(section(tab1, "Channels"), moved)).toHaveCount(0);

  // Reordered with the keyboard (the section sorts by hand): the grip, Space, an arrow, Space.
  const names = (page: Page) => section(page, sectionName).locator("button[data-channel-name]").evaluateAll((els) => els.map((e) => e.getAttribute("data-channel-name")));
  await expect.poll(() => names(tab1)).toEqual([dragged, moved]);
  const grip = tab1.getByRole("button", { name: `Move ${moved}`, exact: true });
  await grip.focus();
  await tab1.keyboard.press("Space");
  await tab1.keyboard.press("ArrowUp");
  await tab1.waitForTimeout(300);
  await tab1.keyboard.press("Space");
  await expect.poll(() => names(tab1)).toEqual([moved, dragged]);
  await expect.poll(() => names(tab2)).toEqual([moved, dragged]);
  // Sorted by name from the section's menu.
  await section(tab1, sectionName).getByRole("button", { name: `Section options for ${sectionName}` }).click({ force: true });
  await tab1.getByRole("menuitemradio", { name: "Alphabetical" }).click();
  await expect.poll(() => names(tab1)).toEqual([dragged, moved]);
  await section(tab1, sectionName).getByRole("button", { name: `Section options for ${sectionName}` }).click({ force: true });
  await tab1.getByRole("menuitemradio", { name: "Manual" }).click();
  await expect.poll(() => names(tab1)).toEqual([moved, dragged]);

  // Favourited with the star in the channel's header.
  await row(tab1, starred).click();
  await expect(tab1.getByRole("heading", { level: 1, name: starred })).toBeVisible();
  await tab1.getByRole("button", { name: "Add to favourites" }).click();
  await expect(tab1.getByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");
  await expect(row(section(tab1, "Favourites"), starred)).toBeVisible();
  await expect(row(section(tab2, "Favourites"), starred)).toBeVisible();

  // Muted from the list: dimmed here and in the other tab.
  await tab1.getByRole("button", { name: `Channel options for ${dragged}` }).click({ force: true });
  await tab1.getByRole("menuitem", { name: "Mute" }).click();
  await expect(row(tab1, dragged)).toHaveAttribute("data-muted", "true");
  await expect(row(tab2, dragged)).toHaveAttribute("data-muted", "true");
  await screenshot(tab1, "sidebar-sections");

  // Collapsed: the section's channels hide, in both tabs.
  // Collapsed, the header also says how many channels it holds.
  const toggle = (page: Page) => section(page, sectionName).getByRole("button", { name: new RegExp(`^${sectionName}`) });
  await toggle(tab1).click();
  await expect(toggle(tab1)).toHaveAttribute("aria-expanded", "false");
  await expect(row(tab1, moved)).toHaveCount(0);
  await expect(toggle(tab2)).toHaveAttribute("aria-expanded", "false");
  await screenshot(tab1, "sidebar-sections-collapsed");

  // A reload keeps it all: the server holds it.
  await tab1.reload();
  await expect(toggle(tab1)).toHaveAttribute("aria-expanded", "false");
  await expect(row(section(tab1, "Favourites"), starred)).toBeVisible();
  await toggle(tab1).click();
  await expect(row(section(tab1, sectionName), dragged)).toBeVisible();
  await expect(row(section(tab1, sectionName), moved)).toBeVisible();
  await expect(row(tab1, dragged)).toHaveAttribute("data-muted", "true");
  await expect(toggle(tab2)).toHaveAttribute("aria-expanded", "true");

  // Unread only: the list keeps the open channel and what has unread messages.
  await tab1.getByRole("button", { name: "Unread only" }).click();
  await expect(tab1.getByRole("button", { name: "Unread only" })).toHaveAttribute("aria-pressed", "true");
  await expect(row(tab1, moved)).toHaveCount(0);
  await screenshot(tab1, "sidebar-unread-only");
  await tab1.getByRole("button", { name: "Unread only" }).click();

  // Deleting the section sends its channels back to Channels.
  await section(tab1, sectionName).getByRole("button", { name: `Section options for ${sectionName}` }).click({ force: true });
  await tab1.getByRole("menuitem", { name: "Delete section" }).click();
  await tab1.getByRole("alertdialog").getByRole("button", { name: "Delete section" }).click();
  await expect(section(tab1, sectionName)).toHaveCount(0);
  await expect(row(section(tab1, "Channels"), moved)).toBeVisible();
  await expect(section(tab2, sectionName)).toHaveCount(0);
  await jordan.context.close();
});

test("on a phone a long press opens a channel's menu, with targets a fingertip's size", async ({ browser, request }) => {
  const name = `e2e-sb-touch-${stamp()}`;
  await makeChannels(request, [name]);
  const phone = await signedInPage(browser, USERS.member, MOBILE);
  await phone.page.goto("/Chat");
  const item = row(phone.page, name);
  // Enabled once the sections are read (the rows are then in their places for good).
  await expect(phone.page.getByRole("button", { name: "New section" })).toBeEnabled();
  await expect(item).toBeVisible();
  // Other tests' channels may push it below the fold; a finger presses it where it shows. The
  // list may still redraw its rows as counts arrive: scrolled to again until it holds still there.
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect(async () => {
    await item.scrollIntoViewIfNeeded({ timeout: 2_000 });
    const first = await item.boundingBox();
    await phone.page.waitForTimeout(300);
    box = await item.boundingBox();
    expect(first && box && first.y === box.y && box.y >= 0 && box.y + box.height <= 844).toBe(true);
  }).toPass({ timeout: 30_000 });
  expect(box!.height).toBeGreaterThanOrEqual(44);
  const point = { x: Math.round(box!.x + box!.width / 3), y: Math.round(box!.y + box!.height / 2) };
  const cdp = await phone.context.newCDPSession(phone.page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await phone.page.waitForTimeout(700);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
  const moveTo = phone.page.getByRole("menuitem", { name: "Move to…" });
  await expect(moveTo).toBeVisible();
  expect((await moveTo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  for (const target of [phone.page.getByRole("button", { name: "New section" }), phone.page.getByRole("button", { name: "Unread only" })]) {
    const b = await target.boundingBox();
    expect(Math.min(b!.width, b!.height)).toBeGreaterThanOrEqual(44);
  }
  await screenshot(phone.page, "sidebar-long-press");
  await moveTo.click();
  await phone.page.getByRole("dialog", { name: `Move ${name} to…` }).getByRole("button", { name: "Favourites" }).click();
  await expect(row(section(phone.page, "Favourites"), name)).toBeVisible();
  await phone.context.close();
});
