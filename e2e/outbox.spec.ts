// Messages written offline (docs/messages.md, "Sent when back online"): Jordan writes two while
// the browser is offline; they wait at the bottom of the channel, greyed; back online they are sent
// once each, in the order written, and Sam, in another browser, sees each exactly once, in order.
// One written between them that the server refuses (a member may not mention @here) stays, with
// the server's words, Retry and Remove, across a reload; axe finds nothing serious in either state.
import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { screenshot, signedInPage, token, USERS } from "./helpers";

/** axe's serious and critical findings now (not a11y-helpers' settle: offline, "Reconnecting…" pulses for good). */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}`));
}

test("messages written offline wait, then are sent once each, in order, when the network is back", async ({ browser, request }) => {
  const sam = { Authorization: `Bearer ${await token(request, USERS.member2)}` };
  const name = `e2e-outbox-${Date.now().toString(36)}`;
  const made = await request.post("/api/entities/channels", { headers: sam, data: { name, type: "private", members: [USERS.member] } });
  expect(made.status()).toBe(201);
  const channel = (await made.json()) as { id: number };

  const jordan = await signedInPage(browser, USERS.member);
  const samPage = (await signedInPage(browser, USERS.member2)).page;
  for (const page of [jordan.page, samPage]) {
    await page.goto(`/Chat?channel=${channel.id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }

  const stamp = Date.now().toString(36);
  const texts = [`Written on the train ${stamp}`, `And a second thought ${stamp}`];
  const composer = jordan.page.getByRole("textbox", { name: `Message ${name}` });
  await jordan.context.setOffline(true);
  const refused = `Heads up @here, the train is late ${stamp}`;
  for (const text of [texts[0], refused, texts[1]]) {
    await composer.fill(text);
    await composer.press("Enter");
    await expect(composer).toHaveValue("");
  }
  const waiting = jordan.page.getByRole("list", { name: "Messages not sent yet" }).getByTestId("outbox-message");
  await expect(waiting).toHaveCount(3);
  await expect(waiting.nth(0)).toContainText(texts[0]);
  await expect(waiting.nth(2)).toContainText(texts[1]);
  await expect(waiting.filter({ hasText: "Waiting for network" })).toHaveCount(3);
  await expect(jordan.page.getByRole("button", { name: /Remove unsent message/ })).toHaveCount(3);
  await screenshot(jordan.page, "outbox-waiting");
  expect(await seriousFindings(jordan.page)).toEqual([]);
  await expect(samPage.getByRole("log").getByText(texts[0])).toHaveCount(0);

  await jordan.context.setOffline(false);
  // The refused one stays, with the server's words; the others went.
  await expect(waiting).toHaveCount(1, { timeout: 30_000 });
  await expect(waiting).toContainText(refused);
  await expect(waiting).toContainText("Not sent: Only managers and admins can mention everyone (@channel, @here)");
  await expect(waiting.getByRole("button", { name: "Retry" })).toBeVisible();
  await screenshot(jordan.page, "outbox-refused");
  expect(await seriousFindings(jordan.page)).toEqual([]);
  const shownTexts = async (page: typeof samPage) => (await page.getByRole("log").locator("[data-message-id]").allInnerTexts()).join("\n");
  for (const page of [jordan.page, samPage]) {
    for (const text of texts) await expect(page.getByRole("log").getByText(text)).toHaveCount(1);
    const all = await shownTexts(page);
    expect(all.indexOf(texts[0])).toBeLessThan(all.indexOf(texts[1]));
  }

  // The server holds each once, in the order written.
  const list = await request.get(`/api/entities/messages?where=${encodeURIComponent(JSON.stringify({ channel_id: channel.id }))}&sort=id`, { headers: sam });
  const rows = (await list.json()) as { content: string; client_id: string | null }[];
  expect(rows.map((r) => r.content)).toEqual(texts);
  expect(rows.every((r) => /^[0-9a-f-]{36}$/.test(r.client_id ?? ""))).toBe(true);

  // The refused one is still there after a reload (in dark mode too), refused again on Retry, gone on Remove.
  await jordan.page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem("team_app_settings") ?? "{}");
    localStorage.setItem("team_app_settings", JSON.stringify({ ...s, theme: "dark" }));
  });
  await jordan.page.reload();
  await expect(jordan.page.getByRole("log").getByText(texts[1])).toBeVisible();
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("Not sent: Only managers");
  expect(await seriousFindings(jordan.page)).toEqual([]);
  await waiting.getByRole("button", { name: "Retry" }).click();
  await expect(waiting).toContainText("Not sent: Only managers");
  await waiting.getByRole("button", { name: /Remove unsent message/ }).click();
  await expect(waiting).toHaveCount(0);
  await jordan.page.reload();
  await expect(jordan.page.getByRole("log").getByText(texts[1])).toBeVisible();
  await expect(waiting).toHaveCount(0);
  expect((await (await request.get(`/api/entities/messages?where=${encodeURIComponent(JSON.stringify({ channel_id: channel.id }))}`, { headers: sam })).json()).length).toBe(2);
  await jordan.context.close();
  await samPage.context().close();
});
