// The notification centre (README, "Notifications"): a direct message to Jordan appears in the
// bell's list live, with the unread count; opening it goes to the conversation and marks it read.
// Then a push delivered to the service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage; Chromium cannot subscribe to a real push service offline)
// is shown as a notification.
import { expect, test } from "@playwright/test";
import { PASSWORD, signedInPage, USERS } from "./helpers";

test("the notification centre shows a new item live and marks it read; a push shows a notification", async ({ browser, request, baseURL }) => {
  const login = await request.post("/api/auth/login", { data: { email: USERS.admin, password: PASSWORD } });
  const alex = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const jordanLogin = await request.post("/api/auth/login", { data: { email: USERS.member, password: PASSWORD } });
  const jordanId = ((await jordanLogin.json()) as { user: { id: number } }).user.id;

  const { context, page } = await signedInPage(browser, USERS.member);
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const unreadNow = async () => Number((await bell.getAttribute("aria-label"))?.match(/(\d+) unread/)?.[1] ?? 0);
  const before = await unreadNow();

  const dm = await request.post("/api/channels/dm", { headers: alex, data: { user_id: jordanId } });
  expect(dm.ok()).toBe(true);
  const channelId = ((await dm.json()) as { id: number }).id;
  const text = `Lunch at noon ${Date.now().toString(36)}`;
  expect((await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, content: text } })).status()).toBe(201);

  // Live: the count goes up without a reload.
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 20_000 });
  await bell.click();
  const centre = page.getByRole("dialog", { name: "Notification centre" });
  const item = centre.getByRole("button", { name: new RegExp(`^Unread: Alex Morgan: ${text}`) });
  await expect(item).toBeVisible();
  // Finished animations: the popover fades in over 120 ms.
  await page.screenshot({ path: "/tmp/shots/notifications.png", animations: "disabled" });

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/Chat\\?channel=${channelId}$`));
  await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} unread` : "Notifications");
  await bell.click();
  await expect(centre.getByRole("button", { name: new RegExp(`^Alex Morgan: ${text}`) })).toBeVisible();
  await page.keyboard.press("Escape");

  // A push reaches the service worker and is shown.
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const reg = e.registrations.find((r) => r.scopeURL.startsWith(new URL(baseURL!).origin));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const payload = { title: "Alex Morgan", body: "Pushed while away", url: `/Chat?channel=${channelId}`, tag: `channel-${channelId}`, kind: "message" };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(baseURL!).origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
      }),
    )
    .toEqual([{ title: "Alex Morgan", body: "Pushed while away", url: `/Chat?channel=${channelId}` }]);

  // The per-browser switch in Profile, labelled.
  await page.goto("/Profile");
  await expect(page.getByRole("switch", { name: /Enable notifications on this browser/ })).toBeVisible();
  await context.close();
});
