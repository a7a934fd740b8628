import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { deflateSync } from "node:zlib";
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
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
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
