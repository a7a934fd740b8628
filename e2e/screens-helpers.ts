import { expect, type Page } from "@playwright/test";

/** Switches the signed-in user to dark mode through the user menu (kept in their settings). */
export async function darkMode(page: Page): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Dark Mode" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  // Let the colour transitions finish, so the picture shows the theme and not a blend of both.
  await page.waitForTimeout(600);
}
