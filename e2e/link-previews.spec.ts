// Link previews (docs/integrations.md, "Link previews") as people see them: a message linking a
// page shows its preview card under the text once the server has fetched the page through its
// egress guard, live for the channel's other readers too; the title links out (rel noopener
// noreferrer); the author alone gets "Remove preview", which takes the card away for everyone.
// The page is served here on 127.0.0.2, which scripts/e2e.mjs allow-lists (EGRESS_ALLOW_RANGES,
// EGRESS_ALLOW_PORTS) for this server alone; every other private address stays refused.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { gotoChat, openChannel, screenshot, signedInPage, token, USERS } from "./helpers";

const HOST = "127.0.0.2";
const PORT = Number(process.env.E2E_PREVIEW_PORT ?? 47812);

const PAGE = `<!doctype html><html><head>
<meta property="og:title" content="Teamspace 4.2 release notes">
<meta property="og:description" content="Faster search across every channel, link previews in chat, and a quieter notification centre. Read what changed and how to upgrade.">
<meta property="og:site_name" content="Example Releases">
<title>Release notes</title></head><body><h1>Release notes</h1></body></html>`;

let server: http.Server;
test.beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(PORT, HOST, resolve));
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test("a message's link gets a preview card, live for readers, removable by its author", async ({ browser, request }) => {
  const name = `e2e-previews-${Date.now().toString(36)}`;
  const priya = { authorization: `Bearer ${await token(request, USERS.manager)}` };
  const made = await request.post("/api/entities/channels", { headers: priya, data: { name, type: "private", members: [USERS.member] } });
  expect(made.status()).toBe(201);

  const author = await signedInPage(browser, USERS.manager);
  const reader = await signedInPage(browser, USERS.member);
  for (const { page } of [author, reader]) {
    await gotoChat(page);
    await openChannel(page, name);
  }

  const url = `http://${HOST}:${PORT}/releases/4.2`;
  const composer = author.page.getByRole("textbox", { name: `Message ${name}` });
  await composer.fill(`The release notes are out: ${url}`);
  await composer.press("Enter");

  for (const { page } of [author, reader]) {
    const row = page.locator("[data-message-id]").filter({ hasText: "The release notes are out" });
    const card = row.getByTestId("link-preview");
    await expect(card).toBeVisible({ timeout: 15_000 });
    const title = card.getByRole("link", { name: "Teamspace 4.2 release notes" });
    await expect(title).toHaveAttribute("href", url);
    await expect(title).toHaveAttribute("rel", "noopener noreferrer");
    await expect(title).toHaveAttribute("target", "_blank");
    await expect(card.getByText("Example Releases")).toBeVisible();
    await expect(card.getByText(/Faster search across every channel/)).toBeVisible();
  }
  // Only the author may remove it.
  await expect(reader.page.getByRole("button", { name: "Remove preview" })).toHaveCount(0);
  await screenshot(author.page, "link-preview");

  await author.page.getByRole("button", { name: "Remove preview" }).click();
  for (const { page } of [author, reader]) {
    await expect(page.locator("[data-message-id]").filter({ hasText: "The release notes are out" }).getByTestId("link-preview")).toHaveCount(0);
  }
  await author.context.close();
  await reader.context.close();
});
