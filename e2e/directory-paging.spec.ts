import { expect, test, type APIRequestContext } from "@playwright/test";
import { MOBILE, PASSWORD, USERS, screenshot, signIn } from "./helpers";

// More people than one directory page (60) holds: the directory pages with "Load more people"
// and searches on the server, so people beyond the first page are found too.
const EXTRA = 75;

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email: USERS.admin, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const existing = await request.get("/api/entities/users?q=Paging%20Person&limit=1", { headers });
  if (((await existing.json()) as unknown[]).length > 0) return; // a rerun against the same server
  for (let start = 0; start < EXTRA; start += 15) {
    await Promise.all(
      Array.from({ length: Math.min(15, EXTRA - start) }, (_, k) => {
        const i = start + k + 1;
        return request.post("/api/entities/users", {
          headers,
          data: {
            email: `paging.person${i}@example.org`,
            password: "paging-person-1",
            full_name: `Paging Person ${String(i).padStart(3, "0")}`,
            department: i === 73 ? "Lighthouse Keeping" : "Operations",
            job_title: "Analyst",
          },
        });
      }),
    );
  }
});

test("directory pages past the first 60 people and searches the server", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.manager);
  await page.goto("/Directory");
  const cards = page.getByTestId(/^person-/);
  await expect(cards).toHaveCount(60);
  await expect(page.getByText(/^60\+ people/)).toBeVisible();
  const loadMore = page.getByRole("button", { name: "Load more people" });
  await loadMore.scrollIntoViewIfNeeded();
  await screenshot(page, "directory-paging-load-more");
  await loadMore.click();
  await expect.poll(() => cards.count()).toBeGreaterThan(60);
  await expect(loadMore).toBeHidden();
  const total = await cards.count();
  expect(total).toBeGreaterThanOrEqual(EXTRA + 13);
  await expect(page.getByText(new RegExp(`^${total} people`))).toBeVisible();

  // Found by department, which is not on the first page.
  const search = page.getByRole("searchbox", { name: "Search people" });
  await search.fill("lighthouse");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Paging Person 073");
  await expect(page.getByText(/^1 person found/)).toBeVisible();
  await search.fill("paging.person7");
  await expect(cards).toHaveCount(7); // 7, 70..75
  await screenshot(page, "directory-paging-search");
});

test("directory paging in dark mode and on a phone", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ ...MOBILE, colorScheme: "dark" });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("team_app_settings", JSON.stringify({ theme: "dark" })));
  await signIn(page, USERS.member);
  await page.goto("/Directory");
  await expect(page.getByTestId(/^person-/)).toHaveCount(60);
  const loadMore = page.getByRole("button", { name: "Load more people" });
  await loadMore.scrollIntoViewIfNeeded();
  await screenshot(page, "directory-paging-mobile-dark");
  await context.close();
});
