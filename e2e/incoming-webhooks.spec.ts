// Incoming webhooks (docs/integrations.md) as a person sees them: a channel's manager adds one in
// the channel's Integrations dialog and copies its address; a tool (here, fetch with Grafana's
// Slack contact point payload) posts to it; the channel shows the message live under the
// integration's name with a BOT badge and the alert's attachment. Revoking it stops the address.
import { expect, test } from "@playwright/test";
import { grafana } from "../server/features/integrations/payloads.fixtures";
import { gotoChat, openChannel, screenshot, signedInPage, token, USERS } from "./helpers";

test("a manager adds a webhook, Grafana's payload shows as a bot message with its attachment, revoking stops it", async ({ browser, request }) => {
  const name = `e2e-alerts-${Date.now().toString(36)}`;
  const priya = { authorization: `Bearer ${await token(request, USERS.manager)}` };
  const made = await request.post("/api/entities/channels", { headers: priya, data: { name, type: "private", members: [USERS.member] } });
  expect(made.status()).toBe(201);

  const { context, page } = await signedInPage(browser, USERS.manager);
  await gotoChat(page);
  await openChannel(page, name);
  await page.getByRole("button", { name: "Integrations" }).click();
  const dialog = page.getByRole("dialog", { name: `Incoming webhooks of #${name}` });
  await expect(dialog.getByText("No webhooks yet.")).toBeVisible();
  await dialog.getByLabel("New webhook").fill("Grafana alerts");
  await dialog.getByRole("button", { name: "Add" }).click();
  const address = dialog.getByLabel("Address of Grafana alerts");
  await expect(address).toHaveValue(/\/api\/hooks\/[A-Za-z0-9_-]{32}$/);
  const url = await address.inputValue();
  await expect(dialog.getByRole("list", { name: "Webhooks" }).getByText("Grafana alerts")).toBeVisible();
  await expect(dialog.getByText(/never used/)).toBeVisible();
  await screenshot(page, "incoming-webhooks-dialog");

  // The tool posts, as Grafana's Slack notifier does: JSON, no sign-in.
  const status = await page.evaluate(async ([to, body]) => (await fetch(to, { method: "POST", headers: { "content-type": "application/json" }, body })).status, [url, JSON.stringify(grafana)] as const);
  expect(status).toBe(200);
  await expect(dialog.getByText(/last used/)).toBeVisible();
  await page.keyboard.press("Escape");

  const row = page.locator("[data-message-id]").filter({ hasText: "[FIRING:1] HighCPU (node-1 critical)" });
  await expect(row.getByText("Grafana", { exact: true })).toBeVisible();
  await expect(row.getByText("BOT", { exact: true })).toBeVisible();
  const card = row.getByTestId("message-attachment-card");
  await expect(card.getByRole("link", { name: "[FIRING:1] HighCPU (node-1 critical)" })).toHaveAttribute("href", "http://grafana.example.test:3000/alerting/list");
  await expect(card.getByText("Firing", { exact: true })).toBeVisible();
  await expect(card.getByText("Grafana v11.3.0")).toBeVisible();
  await expect(card).toHaveCSS("border-left-color", "rgb(214, 50, 50)");
  await screenshot(page, "incoming-webhook-grafana");

  // Revoked: the address answers 404 and posts nothing more.
  await page.getByRole("button", { name: "Integrations" }).click();
  await page.getByRole("button", { name: "Revoke Grafana alerts" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("dialog").getByText("No webhooks yet.")).toBeVisible();
  const after = await page.evaluate(async (to) => (await fetch(to, { method: "POST", headers: { "content-type": "application/json" }, body: '{"text":"late"}' })).status, url);
  expect(after).toBe(404);
  await context.close();
});
