// A person an admin deactivates leaves the Directory (their rows stay theirs on the server).
// Uses an account made for the test, so the demo people other specs rely on stay active.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { MOBILE, PASSWORD, USERS, screenshot, signIn } from "./helpers";

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email: USERS.admin, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

test("directory: a deactivated person disappears, live and after a reload; light, dark and 390 px", async ({ page, request, browser }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const email = `dana.leaver.${Date.now()}@example.com`;
  const created = await request.post("/api/entities/users", { headers, data: { email, password: "long-password", full_name: "Dana Leaver", job_title: "Analyst" } });
  expect(created.status()).toBe(201);
  const dana = (await created.json()) as { id: number; is_active: boolean };
  expect(dana.is_active).toBe(true);

  await signIn(page, USERS.manager);
  await page.goto("/Directory");
  const card = page.getByTestId(`person-${dana.id}`);
  await expect(card).toContainText("Dana Leaver");
  const countText = async () => (await page.getByText(/\d+ people · \d+ online now/).textContent()) ?? "";
  const before = Number((await countText()).split(" ")[0]);

  expect((await request.delete(`/api/entities/users/${dana.id}`, { headers })).status()).toBe(200);
  // The users.update push reaches the open page; a reload shows the same.
  await expect(card).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Company Directory" })).toBeVisible();
  await expect(page.getByTestId(/^person-/).first()).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(Number((await countText()).split(" ")[0])).toBe(before - 1);
  await page.getByRole("searchbox", { name: "Search people" }).fill("Dana");
  await expect(page.getByText("No people found")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search people" }).fill("");
  await screenshot(page, "directory-after-deactivation-light");

  // Dana cannot sign in any more.
  const login = await request.post("/api/auth/login", { data: { email, password: "long-password" } });
  expect(login.status()).toBe(403);
  expect(await login.json()).toEqual({ error: "This account has been deactivated" });
  // ...and the sign-in page says so, not "Invalid email or password".
  const signInPage = await browser.newPage();
  await signInPage.goto("/Login");
  await signInPage.getByLabel("Email").fill(email);
  await signInPage.getByLabel("Password", { exact: true }).fill("long-password");
  await signInPage.getByRole("button", { name: "Sign in" }).click();
  await expect(signInPage.getByRole("alert")).toHaveText("This account has been deactivated");
  await expect(signInPage).toHaveURL(/\/Login$/);
  await signInPage.close();

  for (const [name, options] of [
    ["dark", { colorScheme: "dark" as const }],
    ["mobile", MOBILE],
  ] as const) {
    const context = await browser.newContext(options);
    if (name === "dark") await context.addInitScript(() => localStorage.setItem("team_app_settings", JSON.stringify({ theme: "dark" })));
    const p = await context.newPage();
    await signIn(p, USERS.member);
    await p.goto("/Directory");
    await expect(p.getByTestId(/^person-/).first()).toBeVisible();
    await expect(p.getByTestId(`person-${dana.id}`)).toHaveCount(0);
    if (name === "dark") await expect(p.locator("html")).toHaveClass(/dark/);
    await screenshot(p, `directory-after-deactivation-${name}`);
    await context.close();
  }
});
