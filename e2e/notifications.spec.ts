// The notification centre (docs/notifications.md): a direct message to Jordan appears in the
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
  const bell = page.getByRole("button", { name: /^Notifications(,|$)/ });
  await expect(bell).toBeVisible();
  const unreadNow = async () => Number((await bell.getAttribute("aria-label"))?.match(/(\d+) unread/)?.[1] ?? 0);
  const before = await unreadNow();

  const dm = await request.post("/api/channels/dm", { headers: alex, data: { user_id: jordanId } });
  expect(dm.ok()).toBe(true);
  const channelId = ((await dm.json()) as { id: number }).id;
  const text = `Lunch at noon ${Date.now().toString(36)}`;
  expect((await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, content: text } })).status()).toBe(201);

  // Live: the count goes up without a reload. At least by one: items of earlier tests (a call
  // Jordan missed, say) may still be arriving, so exact counts would race them.
  await expect.poll(unreadNow, { timeout: 20_000 }).toBeGreaterThan(before);
  await bell.click();
  const centre = page.getByRole("dialog", { name: "Notification centre" });
  const item = centre.getByRole("button", { name: new RegExp(`^Unread: Alex Morgan: ${text}`) });
  await expect(item).toBeVisible();
  // Finished animations: the popover fades in over 120 ms.
  await page.screenshot({ path: "/tmp/shots/notifications.png", animations: "disabled" });

  const withItem = await unreadNow();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/Chat\\?channel=${channelId}$`));
  // Read: the count goes down, and the item is listed as read.
  await expect.poll(unreadNow).toBeLessThan(withItem);
  await bell.click();
  await expect(centre.getByRole("button", { name: new RegExp(`^Alex Morgan: ${text}`) })).toBeVisible();
  await page.keyboard.press("Escape");

  // A push reaches the service worker and is shown.
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
  });
  // \`ready\` comes while the worker may still be activating, and a push delivered then can be
  // dropped: wait until it has activated and claimed this page.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
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

// Clicks on pushes (docs/notifications.md). Chromium cannot subscribe to a push service
// offline, so the payloads the server pushes are delivered to the service worker through the
// DevTools protocol; a headless browser has no OS notification to click, so the test calls, in
// the service worker, the very function its `notificationclick` listener runs, with the shown
// notification. A message opens its channel, a reply its thread beside the channel, an incoming
// call the app ringing; a call's withdrawal closes its ringing notification.
/** What the tests use of the service worker's global scope (client/sw/sw.ts). */
type Scope = { registration: ServiceWorkerRegistration; openFromNotification: (n: Notification) => Promise<unknown> };

test("a click on a pushed notification opens its channel, thread or ringing call; a withdrawn call's notification closes", async ({ browser, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const login = await request.post("/api/auth/login", { data: { email: USERS.admin, password: PASSWORD } });
  const alex = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const jordanLogin = await request.post("/api/auth/login", { data: { email: USERS.member, password: PASSWORD } });
  const jordanId = ((await jordanLogin.json()) as { user: { id: number } }).user.id;
  const dm = await request.post("/api/channels/dm", { headers: alex, data: { user_id: jordanId } });
  const channelId = ((await dm.json()) as { id: number }).id;
  const post = async (data: Record<string, unknown>) => {
    const res = await request.post("/api/entities/messages", { headers: alex, data: { channel_id: channelId, ...data } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const stamp = Date.now().toString(36);
  const text = `Standup moved ${stamp}`;
  const rootText = `Release plan ${stamp}`;
  const replyText = `Shipping Friday ${stamp}`;
  await post({ content: text });
  const rootId = await post({ content: rootText });
  await post({ content: replyText, thread_root_id: rootId });

  const { context, page } = await signedInPage(browser, USERS.member);
  await context.grantPermissions(["notifications"], { origin });
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
  });
  // The app runs under the worker's control once it has claimed its clients.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const worker = context.serviceWorkers().find((w) => w.url().endsWith("/sw.js")) ?? (await context.waitForEvent("serviceworker"));
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const reg = e.registrations.find((r) => r.scopeURL.startsWith(origin));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const deliver = async (payload: Record<string, unknown>) =>
    cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  /** What the service worker shows under a tag: title and the url a click opens. */
  const shown = (tag: string) =>
    worker.evaluate(async (t) => {
      const sw = self as unknown as Scope;
      return (await sw.registration.getNotifications({ tag: t })).map((n) => ({ title: n.title, url: (n.data as { url: string }).url }));
    }, tag);
  /** The click, as the `notificationclick` listener handles it. */
  const click = (tag: string) =>
    worker.evaluate(async (t) => {
      const sw = self as unknown as Scope;
      const [n] = await sw.registration.getNotifications({ tag: t });
      if (!n) throw new Error(`no notification tagged ${t}`);
      await sw.openFromNotification(n);
    }, tag);

  // A channel message: the tab goes to the conversation, which shows the message.
  await page.goto("/Dashboard");
  // Marks this document: routing inside the app keeps it, a reload would not.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await deliver({ title: "Alex Morgan", body: text, url: `/Chat?channel=${channelId}`, tag: `channel-${channelId}`, kind: "message" });
  await expect.poll(() => shown(`channel-${channelId}`)).toEqual([{ title: "Alex Morgan", url: `/Chat?channel=${channelId}` }]);
  await click(`channel-${channelId}`);
  await expect(page).toHaveURL(new RegExp(`/Chat\\?channel=${channelId}$`));
  await expect(page.getByRole("log").getByText(text)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await shown(`channel-${channelId}`)).toEqual([]);

  // A thread reply: the thread opens beside its channel.
  await page.goto("/Dashboard");
  const threadUrl = `/Chat?channel=${channelId}&thread=${rootId}`;
  // As the server pushes a reply only in its thread: the channel's tag, the thread's url.
  await deliver({ title: "Alex Morgan", body: replyText, url: threadUrl, tag: `channel-${channelId}`, kind: "message" });
  await expect.poll(() => shown(`channel-${channelId}`)).toEqual([{ title: "Alex Morgan", url: threadUrl }]);
  await click(`channel-${channelId}`);
  await expect(page).toHaveURL(new RegExp(`/Chat\\?channel=${channelId}&thread=${rootId}$`));
  await expect(page.getByRole("complementary", { name: "Thread" }).getByText(replyText)).toBeVisible();

  // An incoming call while no tab of the app is open: the tab shows a page of the site that is not
  // the app (no socket), so the server keeps the invite and pushes the ring.
  await page.goto("/favicon.svg");
  const started = await request.post("/api/webrtc/initiate-call", { headers: alex, data: { target_user_id: jordanId, call_type: "audio" } });
  expect(started.status()).toBe(200);
  const callId = ((await started.json()) as { call_id: string }).call_id;
  const ringUrl = `/CallHistory?call=${callId}`;
  const ring = { title: "Alex Morgan is calling you", body: "Incoming audio call", url: ringUrl, tag: `call-${callId}`, kind: "call_ring", call_id: callId, call_type: "audio" };
  await deliver(ring);
  await expect.poll(() => shown(`call-${callId}`)).toEqual([{ title: "Alex Morgan is calling you", url: ringUrl }]);
  // The tab is not the app and does not answer: the worker takes it to the call, which rings.
  await click(`call-${callId}`);
  await expect(page).toHaveURL(new RegExp(`/CallHistory\\?call=${callId}$`));
  const incoming = page.getByTestId("incoming-call");
  await expect(incoming).toBeVisible();
  await expect(incoming.getByRole("heading", { name: "Alex Morgan" })).toBeVisible();
  await expect(incoming.getByText("Incoming audio call")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/push-call-ringing.png", animations: "disabled" });
  expect((await request.post("/api/webrtc/end-call", { headers: alex, data: { call_id: callId } })).status()).toBe(200);
  await expect(incoming).toBeHidden();

  // Withdrawal: answered on another device, the ringing notification closes.
  await deliver({ ...ring, tag: "call-withdrawn", call_id: "withdrawn" });
  await expect.poll(() => shown("call-withdrawn")).toHaveLength(1);
  await deliver({ title: "", body: "", url: "", tag: "call-withdrawn", kind: "call_withdraw", call_id: "withdrawn" });
  await expect.poll(() => shown("call-withdrawn")).toEqual([]);
  // Missed: the "Missed call" notice replaces the ring under its tag, and a withdrawal leaves it.
  await deliver({ ...ring, tag: "call-missed", call_id: "missed" });
  await expect.poll(() => shown("call-missed")).toHaveLength(1);
  await deliver({ title: "Missed call from Alex Morgan", body: "", url: "/CallHistory", tag: "call-missed", kind: "call" });
  await expect.poll(() => shown("call-missed")).toEqual([{ title: "Missed call from Alex Morgan", url: "/CallHistory" }]);
  await deliver({ title: "", body: "", url: "", tag: "call-missed", kind: "call_withdraw", call_id: "missed" });
  // The marker: a push after the withdrawal is shown, so the withdrawal was handled by then.
  await deliver({ title: "Marker", body: "", url: "/", tag: "marker", kind: "task" });
  await expect.poll(() => shown("marker")).toHaveLength(1);
  expect(await shown("call-missed")).toEqual([{ title: "Missed call from Alex Morgan", url: "/CallHistory" }]);
  await context.close();
});

test("one bell in the header: the notification centre, whose panel holds the switch for call notifications", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member);
  await context.grantPermissions(["notifications"]);
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: /^Notifications(,|$)/ })).toBeVisible();
  await expect(header.getByRole("button", { name: /^Call notifications/ })).toHaveCount(0);

  await header.getByRole("button", { name: /^Notifications(,|$)/ }).click();
  const centre = page.getByRole("dialog", { name: "Notification centre" });
  const calls = centre.getByRole("button", { name: "Call notifications off" });
  await expect(calls).toHaveAttribute("aria-pressed", "false");
  await page.screenshot({ path: "/tmp/shots/notifications-calls.png", animations: "disabled" });
  await calls.click();
  await expect(page.getByText("Call notifications turned on").first()).toBeVisible();
  await expect(centre.getByRole("button", { name: "Call notifications on" })).toHaveAttribute("aria-pressed", "true");
  // Kept for the next visit (this browser's choice).
  await page.reload();
  await page.getByRole("banner").getByRole("button", { name: /^Notifications(,|$)/ }).click();
  await expect(page.getByRole("dialog", { name: "Notification centre" }).getByRole("button", { name: "Call notifications on" })).toBeVisible();
  await context.close();
});
