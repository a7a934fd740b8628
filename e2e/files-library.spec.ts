import { expect, test, type Page } from "@playwright/test";
import { MOBILE, USERS, makePng, screenshot, signedInPage } from "./helpers";

const REMOVE_REFUSED = "You can add users to share with, but only the file owner, managers, or admins can remove access.";

const item = (page: Page, name: string) => page.locator(`[data-testid="file-item"][data-file-name="${name}"]`);

async function openShare(page: Page, name: string) {
  await item(page, name).getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Share" }).click();
  await expect(page.getByRole("dialog")).toContainText(`Share “${name}”`);
}

test("upload three files with progress, share one live, colleague previews, may add but not remove, owner revokes (404)", async ({ browser }) => {
  test.setTimeout(150_000);
  const owner = await signedInPage(browser, USERS.member);
  const colleague = await signedInPage(browser, USERS.member2);
  try {
    const a = owner.page;
    const b = colleague.page;
    await a.goto("/FileLibrary");
    await b.goto("/FileLibrary");
    await expect(a.getByRole("heading", { level: 1, name: "File Library" })).toBeVisible();
    await expect(b.getByText("No files found")).toBeVisible();
    await screenshot(a, "files-empty");

    // Hold each upload back a moment so the progress bars can be seen while they run.
    await a.route("**/api/files", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await a.getByRole("button", { name: "Upload Files" }).click();
    await a.getByLabel("Files to upload").setInputFiles([
      { name: "team-photo.png", mimeType: "image/png", buffer: makePng(320, 200, [16, 185, 129]) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Meeting notes\n".repeat(200)) },
      { name: "data.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n".repeat(500)) },
    ]);
    await expect(a.getByTestId("upload-row")).toHaveCount(3);
    await a.getByLabel("Tags").fill("q3, , design ");
    await screenshot(a, "files-upload-dialog");
    await a.getByRole("button", { name: "Upload 3 files" }).click();
    await expect(a.getByRole("progressbar")).toHaveCount(3);
    await screenshot(a, "files-upload-progress");
    await expect(a.getByRole("dialog")).toBeHidden({ timeout: 30_000 });
    await a.unroute("**/api/files");
    await expect(a.getByTestId("file-item")).toHaveCount(3);
    await expect(item(a, "team-photo.png")).toContainText("q3");
    await expect(item(a, "team-photo.png")).toContainText("design");

    // Search and category filter.
    await a.getByLabel("Search files").fill("notes");
    await expect(a.getByTestId("file-item")).toHaveCount(1);
    await a.getByLabel("Search files").fill("");
    await a.getByRole("combobox", { name: "Category" }).click();
    await a.getByRole("option", { name: "Image" }).click();
    await expect(a.getByTestId("file-item")).toHaveCount(1);
    await a.getByRole("combobox", { name: "Category" }).click();
    await a.getByRole("option", { name: "All categories" }).click();
    await a.getByRole("button", { name: "List view" }).click();
    await expect(a.getByTestId("file-item")).toHaveCount(3);
    await screenshot(a, "files-list");
    await a.getByRole("button", { name: "Grid view" }).click();

    // Share the picture with the colleague, whose library shows it without a reload.
    await openShare(a, "team-photo.png");
    await a.getByRole("checkbox", { name: "Share with Sam Carter" }).click();
    await a.getByRole("button", { name: "Save", exact: true }).click();
    await expect(a.getByRole("dialog")).toBeHidden();
    await expect(item(b, "team-photo.png")).toBeVisible({ timeout: 15_000 });
    await expect(b.getByTestId("file-item")).toHaveCount(1);
    await screenshot(a, "files-grid");

    // The colleague previews it: the image really loads.
    await item(b, "team-photo.png").getByRole("button", { name: "Preview team-photo.png" }).click();
    const img = b.getByTestId("preview-image");
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
    await screenshot(b, "files-preview");
    await b.keyboard.press("Escape");

    // The colleague may add someone, but not take anyone away.
    await openShare(b, "team-photo.png");
    await b.getByRole("button", { name: `Remove ${USERS.member2}` }).click();
    await expect(b.getByRole("alert")).toHaveText(REMOVE_REFUSED);
    await b.getByRole("checkbox", { name: "Share with Priya Shah" }).click();
    await b.getByRole("button", { name: "Save", exact: true }).click();
    await expect(b.getByRole("dialog")).toBeHidden();
    // The server refuses the removal too, with the same words.
    const refused = await b.evaluate(async (email) => {
      const list = await (await fetch("/api/entities/shared_files", { headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}` } })).json();
      const f = list.find((x: { name: string }) => x.name === "team-photo.png");
      const res = await fetch(`/api/entities/shared_files/${f.id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}`, "Content-Type": "application/json" },
        body: JSON.stringify({ shared_with_emails: f.shared_with_emails.filter((e: string) => e !== email) }),
      });
      return { status: res.status, body: await res.json(), url: f.file_url as string };
    }, USERS.member2);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(REMOVE_REFUSED);
    expect((await colleague.context.request.get(`${refused.url}?download=1`)).status()).toBe(200);

    // The owner takes the colleague off: the file leaves their library and the download is a 404.
    await openShare(a, "team-photo.png");
    await expect(a.getByRole("dialog")).toContainText("priya.shah@example.com");
    await a.getByRole("button", { name: `Remove ${USERS.member2}` }).click();
    await a.getByRole("button", { name: "Save", exact: true }).click();
    await expect(a.getByRole("dialog")).toBeHidden();
    await expect(b.getByText("No files found")).toBeVisible({ timeout: 15_000 });
    expect((await colleague.context.request.get(`${refused.url}?download=1`)).status()).toBe(404);
    const mine = await owner.context.request.get(`${refused.url}?download=1`);
    expect(mine.status()).toBe(200);
    expect(mine.headers()["content-disposition"]).toContain("team-photo.png");

    // Dark and narrow.
    await a.evaluate(() => document.documentElement.classList.add("dark"));
    await screenshot(a, "files-grid-dark");
  } finally {
    await owner.context.close();
    await colleague.context.close();
  }
  const narrow = await signedInPage(browser, USERS.member, MOBILE);
  await narrow.page.goto("/FileLibrary");
  await expect(narrow.page.getByTestId("file-item")).toHaveCount(3);
  await screenshot(narrow.page, "files-mobile");
  await narrow.context.close();
});
