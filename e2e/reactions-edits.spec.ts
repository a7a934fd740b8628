// Reactions, edits and deletes between two people (docs/messages.md, "Reactions and edits"): what one does
// reaches the other's open channel live, without a reload.
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { twoInNewChannel } from "./helpers";

const stamp = () => Date.now().toString(36);


const row = (page: Page, text: string) => page.getByRole("log").locator("[data-message-id]").filter({ hasText: text });
const chip = (page: Page, text: string, emoji: string) => row(page, text).locator(`button[data-emoji="${emoji}"]`);

test("reactions, edits and deletes reach the other person live", async ({ browser }) => {
  const { a, b, composer } = await twoInNewChannel(browser, "e2e-react");

  const text = `React to this ${stamp()}`;
  await composer.fill(text);
  await composer.press("Enter");
  await expect(row(b.page, text)).toBeVisible();

  // A reacts through the picker, searching for the emoji by name.
  await row(a.page, text).hover();
  await row(a.page, text).getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name: "Add reaction" }).click();
  const picker = a.page.getByRole("dialog", { name: "Choose an emoji" });
  await picker.getByRole("textbox", { name: "Type to search for an emoji" }).fill("thumbs up");
  await picker.getByRole("gridcell", { name: /thumbs ?up/i }).first().click();
  await expect(picker).toBeHidden();
  await expect(chip(b.page, text, "👍")).toContainText("1");
  await expect(chip(a.page, text, "👍")).toHaveAttribute("aria-pressed", "true");

  // B adds theirs with a click on the chip: A's count follows, and hovering names both.
  await expect(chip(b.page, text, "👍")).toHaveAttribute("aria-pressed", "false");
  await chip(b.page, text, "👍").click();
  await expect(chip(a.page, text, "👍")).toContainText("2");
  await chip(a.page, text, "👍").hover();
  await expect(a.page.getByRole("tooltip")).toContainText(/You and Sam/);
  // A tooltip stays shut under the pointer that just clicked its button: come back to it.
  await b.page.mouse.move(0, 0);
  await chip(b.page, text, "👍").hover();
  await expect(b.page.getByRole("tooltip")).toContainText(/Jordan.* and You reacted with 👍/);
  mkdirSync("/tmp/shots", { recursive: true });

  // B takes theirs back: A sees the count drop.
  await chip(b.page, text, "👍").click();
  await expect(chip(a.page, text, "👍")).toContainText("1");
  await expect(chip(b.page, text, "👍")).toHaveAttribute("aria-pressed", "false");

  // A edits inline; Escape first leaves the text as it was.
  await row(a.page, text).hover();
  await row(a.page, text).getByRole("button", { name: "Edit message" }).click();
  const editor = a.page.getByRole("textbox", { name: "Edit message" });
  await editor.fill("not this");
  await editor.press("Escape");
  await expect(editor).toBeHidden();
  await expect(row(a.page, text)).toBeVisible();
  await row(a.page, text).hover();
  await row(a.page, text).getByRole("button", { name: "Edit message" }).click();
  const edited = `${text} (now better)`;
  await a.page.getByRole("textbox", { name: "Edit message" }).fill(edited);
  await a.page.getByRole("textbox", { name: "Edit message" }).press("Enter");
  await expect(row(b.page, edited).getByRole("button", { name: "Edited: show earlier versions" })).toBeVisible();
  // B cannot edit or delete A's message.
  await row(b.page, edited).hover();
  await expect(row(b.page, edited).getByRole("button", { name: "Edit message" })).toHaveCount(0);
  await expect(row(b.page, edited).getByRole("button", { name: "Delete message" })).toHaveCount(0);
  await b.page.mouse.move(0, 0);
  await b.page.waitForTimeout(300);
  await b.page.screenshot({ path: "/tmp/shots/reactions.png" });

  // B reads the earlier version.
  await row(b.page, edited).getByRole("button", { name: "Edited: show earlier versions" }).click();
  const history = b.page.getByRole("dialog", { name: "Edit history" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").nth(0)).toContainText(edited);
  await expect(history.getByRole("listitem").nth(1)).toContainText(text);
  await b.page.screenshot({ path: "/tmp/shots/reactions-history.png" });
  await b.page.keyboard.press("Escape");
  await expect(history).toBeHidden();

  // A deletes after confirming; it is gone for B.
  await row(a.page, edited).hover();
  await row(a.page, edited).getByRole("button", { name: "Delete message" }).click();
  const confirm = a.page.getByRole("alertdialog", { name: "Delete this message?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row(b.page, edited)).toHaveCount(0);
  await expect(row(a.page, edited)).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});
