// The installable app (docs/notifications.md, "The installable app"): Chromium finds the manifest
// and the service worker good enough to install; opened again offline, the app shows the channel
// last read and says it is offline; the app badge follows unread mentions.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { screenshot, signIn, token, USERS } from "./helpers";

test("installable, readable offline, and badged with unread mentions", async ({ request, baseURL }) => {
  // A profile on disk: a private (incognito) context is never offered installation.
  const dir = mkdtempSync(path.join(tmpdir(), "pwa-"));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL });
  try {
    // The badge as the app sets it (the Badging API shows it only on an installed app's icon).
    await context.addInitScript(() => {
      const w = window as unknown as { __badges: (number | undefined)[] };
      w.__badges = [];
      Object.assign(navigator, {
        setAppBadge: async (n?: number) => void w.__badges.push(n),
        clearAppBadge: async () => void w.__badges.push(0),
      });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, USERS.member);

    // Sam writes to Jordan in a direct message: a message to read offline later.
    const sam = { Authorization: `Bearer ${await token(request, USERS.member2)}` };
    const me = (await page.evaluate(async () => (await (await fetch("/api/auth/me", { headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}` } })).json()) as { id: number })).id;
    const dm = (await (await request.post("/api/channels/dm", { headers: sam, data: { user_id: me } })).json()) as { id: number };
    const text = `Read me on the plane ${Date.now().toString(36)}`;
    expect((await request.post("/api/entities/messages", { headers: sam, data: { channel_id: dm.id, content: text } })).status()).toBe(201);

    // The worker comes with notifications (Profile); registered here as that switch does, it takes the page over.
    await page.goto(`/Chat?channel=${dm.id}`);
    await expect(page.getByRole("log").getByText(text)).toBeVisible();
    await page.evaluate(async () => void (await navigator.serviceWorker.register("/sw.js")));
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ name: "Teamspace", display: "standalone", start_url: "/" });
    const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    expect(installability.installabilityErrors.map((e) => e.errorId)).toEqual([]);

    // Read once through the worker (it keeps what it passes on), then the network goes.
    await page.reload();
    await expect(page.getByRole("log").getByText(text)).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toBeVisible();
    await expect(page.getByRole("log").getByText(text)).toBeVisible();
    await screenshot(page, "offline-channel");
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toBeHidden({ timeout: 30_000 });

    // A mention in a channel Jordan reads makes the badge count it.
    const made = await request.post("/api/entities/channels", { headers: sam, data: { name: `e2e-badge-${Date.now().toString(36)}`, type: "private", members: [USERS.member] } });
    expect(made.status()).toBe(201);
    const channel = (await made.json()) as { id: number };
    await page.goto("/Dashboard");
    await page.evaluate(() => ((window as unknown as { __badges: number[] }).__badges.length = 0));
    expect((await request.post("/api/entities/messages", { headers: sam, data: { channel_id: channel.id, content: `@[Jordan Lee](${USERS.member}) can you look?` } })).status()).toBe(201);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __badges: number[] }).__badges.at(-1)), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
