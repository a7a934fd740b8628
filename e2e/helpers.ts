import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { rgbPng } from "../server/seed/png";
import { mkdirSync } from "node:fs";
import path from "node:path";

export const PASSWORD = "demo1234";
export const USERS = {
  admin: "alex.morgan@example.com",
  manager: "priya.shah@example.com",
  member: "jordan.lee@example.com",
  member2: "sam.carter@example.com",
} as const;

export const MOBILE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Signs in through the form; pass `navigate: false` when the page already shows Login. */
export async function signIn(
  page: Page,
  email: string,
  { navigate = true, expectedUrl = /\/Dashboard$/ }: { navigate?: boolean; expectedUrl?: RegExp } = {},
): Promise<void> {
  if (navigate) await page.goto("/Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(expectedUrl);
}

/** A separate browser context (own session storage, cookies, socket) signed in as one demo user. */
export async function signedInPage(
  browser: Browser,
  email: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

const SHOTS = path.join(path.dirname(new URL(import.meta.url).pathname), "screenshots");

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Let fonts and transitions settle so the pictures show what a person sees.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

export async function openChannel(page: Page, name: string): Promise<void> {
  await page.locator(`button[data-channel-name="${name}"]`).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** A small valid PNG (solid colour) made in memory, so the test ships no binary fixture. */
export function makePng(width = 48, height = 32, rgb: [number, number, number] = [99, 102, 241]): Buffer {
  return rgbPng(width, height, () => rgb);
}

/** A signed-in API token for a seeded person (requests on behalf of someone else in a test). */
export async function token(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Opens Chat from the main navigation; it lands on a channel. */
export async function gotoChat(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).click();
  await expect(page).toHaveURL(/\/Chat\?channel=\d+/);
}

/** A message row of the open channel, by its text. */
export const messageRow = (page: Page, text: string) => page.getByRole("log").locator("[data-message-id]").filter({ hasText: text });

/**
 * Two people in Chat and a public channel the first just made (named `<prefix>-<stamp>`), open on
 * both pages; the first person's composer is returned for it.
 */
export async function twoInNewChannel(browser: Browser, prefix: string, people: [string, string] = [USERS.member, USERS.member2]) {
  const a = await signedInPage(browser, people[0]);
  const b = await signedInPage(browser, people[1]);
  await gotoChat(a.page);
  await gotoChat(b.page);
  const name = `${prefix}-${Date.now().toString(36)}`;
  await a.page.getByRole("button", { name: "New", exact: true }).click();
  const create = a.page.getByRole("dialog", { name: "Create a channel" });
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button", { name: "Create Channel" }).click();
  await expect(a.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(b.page.locator(`button[data-channel-name="${name}"]`)).toBeVisible({ timeout: 5000 });
  await openChannel(b.page, name);
  return { a, b, name, composer: a.page.getByRole("textbox", { name: `Message ${name}` }) };
}
