import { expect, test } from "@playwright/test";
import { darkMode } from "./screens-helpers";
import { MOBILE, USERS, screenshot, signIn, signedInPage } from "./helpers";

test("resources: a member sees no Add Resource; a manager is refused an invalid url and adds a valid one", async ({ browser, page }) => {
  const member = await signedInPage(browser, USERS.member);
  await member.page.goto("/Resources");
  await expect(member.page.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
  await expect(member.page.getByTestId("resource-card").first()).toBeVisible();
  await expect(member.page.getByRole("button", { name: "Add Resource" })).toHaveCount(0);
  await expect(member.page.getByRole("button", { name: /^Edit / })).toHaveCount(0);

  await signIn(page, USERS.manager);
  await page.goto("/Resources");
  await page.getByRole("button", { name: "Add Resource" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Design system");
  await dialog.getByLabel("URL").fill("not a url");
  await dialog.getByLabel("Tags").fill("design, ui, figma, tokens, , ui");
  await dialog.getByRole("button", { name: "Add Resource" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid URL starting with http:// or https://");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("URL").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Add Resource" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByLabel("URL").fill("https://design.example.com/system");
  await dialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Tool" }).click();
  await dialog.getByRole("combobox", { name: "Priority" }).click();
  await page.getByRole("option", { name: "High" }).click();
  await dialog.getByRole("button", { name: "Add Resource" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId("resource-card").filter({ hasText: "Design system" });
  await expect(card).toContainText("tool");
  // Tag chips: the first 3, then +N.
  await expect(card).toContainText("design");
  await expect(card).toContainText("figma");
  await expect(card).toContainText("+1");
  await expect(card).not.toContainText("tokens");

  // The member's list follows live.
  await expect(member.page.getByTestId("resource-card").filter({ hasText: "Design system" })).toBeVisible();

  // Filters and search.
  await page.getByRole("combobox", { name: "Filter by category" }).click();
  await page.getByRole("option", { name: "Tool" }).click();
  await expect(page.getByTestId("resource-card")).toHaveCount(1);
  await page.getByRole("combobox", { name: "Filter by category" }).click();
  await page.getByRole("option", { name: "All categories" }).click();
  await page.getByRole("searchbox", { name: "Search resources" }).fill("handbook");
  await expect(page.getByTestId("resource-card")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search resources" }).fill("");
  await screenshot(page, "resources-desktop-light");

  // Edit and delete, same roles.
  await page.getByRole("button", { name: "Edit Design system" }).click();
  await page.getByRole("dialog").getByLabel("Title").fill("Design system v2");
  await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("resource-card").filter({ hasText: "Design system v2" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Design system v2" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Design system v2")).toHaveCount(0);
  await member.context.close();
});

test("resources: dark and 390 px", async ({ browser }) => {
  const dark = await signedInPage(browser, USERS.manager);
  await darkMode(dark.page);
  await dark.page.goto("/Resources");
  await expect(dark.page.getByTestId("resource-card").first()).toBeVisible();
  await screenshot(dark.page, "resources-desktop-dark");
  await dark.context.close();
  const mobile = await signedInPage(browser, USERS.manager, MOBILE);
  await mobile.page.goto("/Resources");
  await expect(mobile.page.getByTestId("resource-card").first()).toBeVisible();
  await screenshot(mobile.page, "resources-mobile");
  await mobile.context.close();
});
