import { expect, test } from "@playwright/test";
import { darkMode } from "./screens-helpers";
import { MOBILE, USERS, screenshot, signIn, signedInPage } from "./helpers";

test("notes: create with tags and mood, pin, full-text search in the body, edit, delete; HTML shows as text", async ({ page }) => {
  await signIn(page, USERS.member2);
  await page.goto("/Notes");
  await expect(page.getByRole("heading", { level: 1, name: "My Notes" })).toBeVisible();
  await expect(page.getByText("Start your journal")).toBeVisible();
  await expect(page.getByText("Coming soon")).toHaveCount(0);

  // Create: save stays disabled until topic and content are both non-blank.
  await page.getByRole("button", { name: "New Note" }).first().click();
  const form = page.getByRole("dialog");
  const save = form.getByRole("button", { name: "Save Note" });
  await form.getByLabel("Topic").fill("   ");
  await expect(save).toBeDisabled();
  await form.getByLabel("Topic").fill("Retro takeaways");
  await form.getByLabel("Content").fill("We should **pair** more.\n\nThe flamingo deploy went well.");
  await expect(save).toBeEnabled();
  await form.getByLabel("Tags", { exact: true }).fill("  retro ");
  await form.getByLabel("Tags", { exact: true }).press("Enter");
  await form.getByLabel("Tags", { exact: true }).fill("retro");
  await form.getByRole("button", { name: "Add tag" }).click();
  await form.getByLabel("Tags", { exact: true }).fill("team");
  await form.getByRole("button", { name: "Add tag" }).click();
  await expect(form.getByRole("button", { name: /^Remove tag/ })).toHaveCount(2);
  await form.getByRole("combobox", { name: "Mood" }).click();
  await page.getByRole("option", { name: /Happy/ }).click();
  await save.click();
  await expect(form).toBeHidden();

  // A second note with markup in it.
  await page.getByRole("button", { name: "New Note" }).first().click();
  await form.getByLabel("Topic").fill("Script test");
  await form.getByLabel("Content").fill('Hello <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> world');
  await form.getByRole("button", { name: "Save Note" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("note-card")).toHaveCount(2);
  // Newest first until something is pinned.
  await expect(page.getByTestId("note-card").first()).toContainText("Script test");

  await page.getByTestId("note-card").filter({ hasText: "Script test" }).click();
  const detail = page.getByRole("dialog");
  await expect(detail.getByTestId("note-body")).toContainText("<script>window.__pwned = 1</script>");
  expect(await detail.getByTestId("note-body").locator("script, img").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await page.keyboard.press("Escape");

  // Pin: the pinned note goes first; Markdown renders in the detail.
  await page.getByTestId("note-card").filter({ hasText: "Retro takeaways" }).click();
  await expect(detail.locator("strong")).toHaveText("pair");
  await expect(detail).toContainText("Happy");
  await detail.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(detail.getByRole("button", { name: "Unpin" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("note-card").first()).toContainText("Retro takeaways");
  await screenshot(page, "notes-desktop-light");

  // Search: a word inside the body, as the server's full-text search finds it.
  const search = page.getByRole("searchbox", { name: "Search notes" });
  await search.fill("flamin");
  await expect(page.getByTestId("note-card")).toHaveCount(1);
  await expect(page.getByTestId("note-card")).toContainText("Retro takeaways");
  await search.fill("team");
  await expect(page.getByTestId("note-card")).toHaveCount(1);
  await search.fill("zebra");
  await expect(page.getByText("No matching notes found")).toBeVisible();
  await search.fill("");
  await expect(page.getByTestId("note-card")).toHaveCount(2);

  // Edit.
  await page.getByTestId("note-card").filter({ hasText: "Retro takeaways" }).click();
  await detail.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("dialog").getByLabel("Topic")).toHaveValue("Retro takeaways");
  await page.getByRole("dialog").getByLabel("Topic").fill("Retro takeaways (edited)");
  await page.getByRole("dialog").getByRole("button", { name: "Remove tag team" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("heading", { name: "Retro takeaways (edited)" }).first()).toBeVisible();

  // Delete, with the documented confirmation.
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to delete this note?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("note-card")).toHaveCount(1);
  await expect(page.getByText("Retro takeaways")).toHaveCount(0);
});

test("notes: dark and 390 px", async ({ browser }) => {
  const dark = await signedInPage(browser, USERS.member);
  await darkMode(dark.page);
  await dark.page.goto("/Notes");
  await expect(dark.page.getByTestId("note-card").first()).toBeVisible();
  await screenshot(dark.page, "notes-desktop-dark");
  await dark.context.close();
  const mobile = await signedInPage(browser, USERS.member, MOBILE);
  await mobile.page.goto("/Notes");
  await expect(mobile.page.getByTestId("note-card").first()).toBeVisible();
  await screenshot(mobile.page, "notes-mobile");
  await mobile.page.getByTestId("note-card").first().click();
  await screenshot(mobile.page, "notes-mobile-detail");
  await mobile.context.close();
});
