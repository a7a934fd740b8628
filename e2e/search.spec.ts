import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MOBILE, PASSWORD, signedInPage, USERS } from "./helpers";
import { mkdirSync } from "node:fs";

const stamp = Date.now().toString(36);

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function searchFor(page: Page, q: string) {
  const box = page.getByRole("searchbox", { name: "Search" });
  await expect(box).toBeVisible();
  await box.blur();
  await page.keyboard.press("Control+k");
  await expect(box).toBeFocused();
  await box.fill(q);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/Search\?q=/);
  return page.getByRole("region", { name: /^Messages/ });
}

test("search finds words, prefixes, phrases, URL fragments and CJK text, opens the message in its channel, and keeps private channels private", async ({ browser, request }) => {
  const admin = await tokenOf(request, USERS.admin);
  const headers = { authorization: `Bearer ${admin}` };
  const channel = (await (await request.post("/api/entities/channels", { headers, data: { name: `search-${stamp}`, type: "private", members: [USERS.manager] } })).json()) as { id: number };
  const post = (content: string) => request.post("/api/entities/messages", { headers, data: { channel_id: channel.id, content } });
  const target = `Kangaroo${stamp} deployment went fine, see the "release notes" at https://example.com/docs/rel-${stamp} 会议记录${stamp}`;
  await post(`Quiet line: release and then notes, Kangaroo${stamp}`);
  await post(`Wombat${stamp} report: wombat${stamp} numbers, wombat${stamp} charts`);
  await post(`Wombat${stamp} once`);
  expect((await post(target)).status()).toBe(201);
  // Enough later messages that the found one is not on the channel's first page.
  for (let i = 0; i < 60; i++) await post(`filler ${i} ${stamp}`);

  const { context, page } = await signedInPage(browser, USERS.manager);
  for (const q of [`kangaroo${stamp}`, `kangar`, `"release notes" kangaroo${stamp}`, `example.com/docs/rel-${stamp}`, `会议记录${stamp}`]) {
    const messages = await searchFor(page, q);
    await expect(messages.getByRole("button").filter({ hasText: "deployment went fine" }).filter({ hasText: `Kangaroo${stamp}` })).toBeVisible();
    if (q.startsWith('"')) await expect(messages.getByRole("button").filter({ hasText: "Quiet line" })).toHaveCount(0);
  }
  const messages = await searchFor(page, `kangaroo${stamp} in:#search-${stamp}`);
  await expect(page.getByLabel("Search terms and filters").getByText(`in:#search-${stamp}`)).toBeVisible();
  const hit = messages.getByRole("button").filter({ hasText: "deployment went fine" });
  await expect(hit.locator("mark")).toHaveText([`Kangaroo${stamp}`]);
  mkdirSync("/tmp/shots", { recursive: true });
  await page.screenshot({ path: "/tmp/shots/search.png" });

  // Newest first by default; most relevant first when asked, and the choice is in the address.
  const wombats = (await searchFor(page, `wombat${stamp}`)).getByRole("list").getByRole("button");
  await expect(wombats.first()).toContainText("once");
  await page.getByRole("group", { name: "Order of messages" }).getByRole("button", { name: "Most relevant" }).click();
  await expect(page).toHaveURL(/sort=relevance/);
  await expect(wombats.first()).toContainText("report");
  await expect(page.getByRole("button", { name: "Most relevant" })).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: "/tmp/shots/search-relevance.png" });

  await searchFor(page, `kangaroo${stamp} in:#search-${stamp}`);
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/Chat\\?channel=${channel.id}&message=\\d+`));
  const row = page.locator("[data-highlighted]");
  await expect(row).toContainText(`Kangaroo${stamp}`);
  await expect(row).toBeInViewport();
  await page.screenshot({ path: "/tmp/shots/search-jump.png" });
  await context.close();

  // Not a member: nothing from the private channel.
  const outsider = await signedInPage(browser, USERS.member);
  const none = await searchFor(outsider.page, `kangaroo${stamp}`);
  await expect(none.getByText("No messages found.")).toBeVisible();
  await outsider.context.close();
});

test("on a phone the header's search is a button that opens the box", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member, MOBILE);
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  const box = page.getByRole("searchbox", { name: "Search" });
  await expect(box).toBeFocused();
  await box.fill("welcome");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/Search\?q=welcome/);
  await expect(page.getByRole("region", { name: /^Messages/ })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Search" })).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/search-mobile.png" });
  await context.close();
});

test("the message opened from a search is clearly marked and stays readable, in light and dark mode", async ({ browser, request }) => {
  const headers = { authorization: `Bearer ${await tokenOf(request, USERS.admin)}` };
  const channel = (await (await request.post("/api/entities/channels", { headers, data: { name: `mark-${stamp}`, type: "private", members: [USERS.member] } })).json()) as { id: number };
  const found = (await (await request.post("/api/entities/messages", { headers, data: { channel_id: channel.id, content: `The one we searched for ${stamp}` } })).json()) as { id: number };
  for (let i = 0; i < 8; i++) await request.post("/api/entities/messages", { headers, data: { channel_id: channel.id, content: `Later news ${i}` } });

  for (const theme of ["light", "dark"] as const) {
    const { context, page } = await signedInPage(browser, USERS.member);
    await page.evaluate((theme) => localStorage.setItem("team_app_settings", JSON.stringify({ theme })), theme);
    await page.goto(`/Chat?channel=${channel.id}&message=${found.id}`);
    const row = page.locator("[data-highlighted]");
    await expect(row).toContainText(`The one we searched for ${stamp}`);
    // A ring around the row, not only a tint: seen at a glance, at once.
    const ring = await row.locator("[data-mentioned], .group\\/msg").first().evaluate((el) => getComputedStyle(el).boxShadow);
    expect(ring).toMatch(/inset/);
    // The row's text (the grey time included) keeps its contrast on the tint while it is marked
    // (for 4 s: axe in the page itself, without the blank page of its default mode, is quick enough).
    await row.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished))); // the tint fades in
    const contrast = await new AxeBuilder({ page }).include("[data-highlighted]").withRules(["color-contrast"]).setLegacyMode().analyze();
    await expect(row).toBeVisible();
    expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
    await page.screenshot({ path: `/tmp/shots/search-mark-${theme}.png` });
    await context.close();
  }
});
