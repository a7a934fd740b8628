// Slash commands in the composer (docs/integrations.md, "Slash commands"; docs/messages.md,
// "Writing"): `/` opens the list of commands, filtered as the name is typed and picked with the
// keyboard; /shrug and /me post for the other person to see, /away moves the presence menu, /status
// shows on the Directory card, and an unknown command shows its error under the composer with the
// text kept.
import { expect, test, type Page } from "@playwright/test";
import { SLASH_COMMANDS } from "@shared/slashCommands";
import { screenshot, twoInNewChannel } from "./helpers";

const row = (page: Page, text: string) => page.getByRole("log").locator("[data-message-id]").filter({ hasText: text });

test("the / list, /shrug, /away, /me, /status and an unknown command", async ({ browser }) => {
  const { a, b, composer } = await twoInNewChannel(browser, "e2e-slash");

  // `/` lists every command with its arguments and description.
  await composer.click();
  await composer.press("/");
  const list = a.page.getByRole("listbox", { name: "Commands" });
  await expect(list).toBeVisible();
  await expect(list.getByRole("option")).toHaveCount(SLASH_COMMANDS.length);
  await expect(list.getByRole("option").filter({ hasText: "/status<text> [until]" })).toContainText("Set a custom status");
  await expect(list.getByRole("option").filter({ hasText: "/shrug[text]" })).toContainText("¯\\_(ツ)_/¯ at the end");
  await expect(composer).toHaveAttribute("aria-activedescendant", /-0$/);
  await screenshot(a.page, "slash-commands-list");

  // Filtered as typed; arrows move, Enter picks.
  await composer.pressSequentially("s");
  await expect(list.getByRole("option")).toHaveText([/^\/status/, /^\/shrug/]);
  await composer.press("ArrowDown");
  await expect(list.getByRole("option").filter({ hasText: "/shrug" })).toHaveAttribute("aria-selected", "true");
  await screenshot(a.page, "slash-commands-filtered");
  await composer.press("Enter");
  await expect(list).toBeHidden();
  await expect(composer).toHaveValue("/shrug ");
  await composer.pressSequentially("works on my machine");
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  await expect(row(b.page, "works on my machine")).toContainText("works on my machine ¯\\_(ツ)_/¯");
  await expect(row(a.page, "works on my machine")).toBeVisible();
  await screenshot(b.page, "slash-commands-shrug");

  // /away, picked from the list after typing its start: the presence menu follows.
  await composer.pressSequentially("/aw");
  await expect(list.getByRole("option")).toHaveText([/^\/away/]);
  await composer.press("Tab");
  await expect(composer).toHaveValue("/away ");
  await composer.press("Enter");
  await expect(a.page.getByTestId("slash-command-feedback")).toHaveText("You are away.");
  await expect(composer).toHaveValue("");
  await screenshot(a.page, "slash-commands-away");
  await a.page.getByRole("button", { name: "User menu" }).click();
  await expect(a.page.getByRole("menuitemradio", { name: "Away" })).toHaveAttribute("aria-checked", "true");
  await a.page.keyboard.press("Escape");

  // An unknown command: the error under the composer, the text kept; Escape closes the list.
  await composer.fill("/deploy now");
  await composer.press("Enter");
  const error = a.page.getByRole("alert").filter({ hasText: "Unknown command" });
  await expect(error).toHaveText("Unknown command: /deploy. Type / to see the commands.");
  await expect(composer).toHaveValue("/deploy now");
  await screenshot(a.page, "slash-commands-unknown");
  await composer.fill("/");
  await expect(list).toBeVisible();
  await composer.press("Escape");
  await expect(list).toBeHidden();

  // /me: an action in italics after the author's name, for the other person too.
  await composer.fill("/me waves hello");
  await composer.press("Enter");
  await expect(row(b.page, "waves hello").locator("em")).toHaveText("Jordan Lee waves hello");

  // /status with an end: shown in quotes on the person's Directory card with its end, then cleared.
  await composer.fill("/status Lunch 1h");
  await composer.press("Enter");
  await expect(a.page.getByTestId("slash-command-feedback")).toContainText("Your status is “Lunch” until");
  await b.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Directory" }).click();
  await b.page.getByRole("searchbox", { name: "Search people" }).fill("Jordan Lee");
  const card = b.page.locator("[data-testid^=person-]").filter({ hasText: "Jordan Lee" });
  await expect(card).toContainText("“Lunch” · until");
  await screenshot(b.page, "slash-commands-status-directory");
  await composer.fill("/status");
  await composer.press("Enter");
  await expect(a.page.getByTestId("slash-command-feedback")).toHaveText("Your status is cleared.");
  await b.page.reload();
  await b.page.getByRole("searchbox", { name: "Search people" }).fill("Jordan Lee");
  await expect(card).toBeVisible();
  await expect(card).not.toContainText("Lunch");

  // Back online, as the seeded person was (later specs call them).
  await composer.fill("/online");
  await composer.press("Enter");
  await expect(a.page.getByTestId("slash-command-feedback")).toHaveText("You are online.");
  await a.context.close();
  await b.context.close();
});
