import { expect, test, type Page } from "@playwright/test";
import { MOBILE, openChannel, screenshot, signedInPage, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

async function nav(page: Page, name: string) {
  // By the start of its name: Chat's link also says how many messages are unread.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: new RegExp(`^${name}(\\s|$)`) }).click();
}

/** A REST call as the page's signed-in user. */
function apiAs(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

test("a manager assigns a task from vr-bugs; the assignee sees it live on My Tasks and the Calendar and changes its status; the manager sees the change", async ({ browser }) => {
  const m = await signedInPage(browser, USERS.manager);
  const j = await signedInPage(browser, USERS.member);
  await nav(j.page, "Tasks");
  await expect(j.page.getByRole("heading", { level: 1, name: "My Tasks" })).toBeVisible();
  // The documented order: in progress, then to do, then done.
  await expect(j.page.locator("[data-status-column]")).toHaveCount(3);
  expect(await j.page.locator("[data-status-column]").evaluateAll((els) => els.map((e) => e.getAttribute("data-status-column")))).toEqual(["in_progress", "todo", "done"]);

  await nav(m.page, "Chat");
  await openChannel(m.page, "vr-bugs");
  const text = `Headset drops audio ${stamp()}`;
  const composer = m.page.getByRole("textbox", { name: "Message vr-bugs" });
  await composer.fill(text);
  await composer.press("Enter");
  const row = m.page.locator("[data-message-id]").filter({ hasText: text });
  await row.hover();
  await row.getByRole("button", { name: "Create task from message" }).click();
  const dialog = m.page.getByRole("dialog", { name: "Create Task from Message" });
  const title = `Fix audio drop ${stamp()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Jordan Lee").check();
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(m.page.getByText("Task created and assigned to 1 user(s)", { exact: true })).toBeVisible();
  // The message shows its task.
  const chip = row.locator("[data-message-task]");
  await expect(chip).toContainText(title);
  await expect(chip).toContainText("To Do");

  // The assignee's list shows it without reloading, under To Do.
  const card = j.page.locator(`[data-task-title="${title}"]`);
  await expect(card).toBeVisible();
  await expect(j.page.locator('[data-status-column="todo"]').locator(`[data-task-title="${title}"]`)).toBeVisible();
  // The detail dialog: 'Not set' for no due date, and a link back to the message.
  await card.locator("[data-open-task]").click();
  const detail = j.page.getByRole("dialog", { name: title });
  await expect(detail.getByText("Not set")).toBeVisible();
  await expect(detail.getByRole("link", { name: "View the chat message" })).toHaveAttribute("href", /\/Chat\?channel=\d+&message=\d+/);
  await j.page.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  // The manager dates it today; the assignee's Calendar shows it on that day.
  const id = Number(await card.getAttribute("data-task-id"));
  expect((await apiAs(m.page, "PATCH", `/entities/tasks/${id}`, { due_date: today() })).status).toBe(200);
  await expect(card).toContainText(/\w{3} \d{1,2}, \d{4}/);
  await nav(j.page, "Calendar");
  await j.page.getByRole("button", { name: "Month", exact: true }).click();
  // A busy day shows the task, folds it into "+N more", or shows both when other items are folded.
  await expect(j.page.locator(`[data-day="${today()}"]`).locator(`[data-item="${title}"]`).or(j.page.locator(`[data-day="${today()}"]`).getByText(/\+\d+ more/)).first()).toBeVisible();

  // The assignee sets it in progress; the manager's chat shows the change live.
  await nav(j.page, "Tasks");
  await card.getByRole("button", { name: `Actions for ${title}` }).click();
  await j.page.getByRole("menuitemradio", { name: "In Progress" }).click();
  await expect(j.page.locator('[data-status-column="in_progress"]').locator(`[data-task-title="${title}"]`)).toBeVisible();
  await expect(chip).toContainText("In Progress");

  // Done: struck through, its status menu disabled.
  await card.getByRole("button", { name: `Actions for ${title}` }).click();
  await j.page.getByRole("menuitemradio", { name: "Done" }).click();
  await expect(j.page.locator('[data-status-column="done"]').locator(`[data-task-title="${title}"]`)).toBeVisible();
  await expect(card.locator("p.line-through")).toHaveText(title);
  await card.getByRole("button", { name: `Actions for ${title}` }).click();
  await expect(j.page.getByRole("menuitemradio", { name: "To Do" })).toBeDisabled();
  await j.page.keyboard.press("Escape");
  await expect(chip).toContainText("Done");

  await m.context.close();
  await j.context.close();
});

test("tasks: create with validation, drag between statuses on the board and by keyboard, delete", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member2);
  await nav(page, "Tasks");
  await page.getByRole("button", { name: "Add New Task" }).click();
  const form = page.getByRole("dialog", { name: "Create New Task" });
  await form.getByRole("button", { name: "Create Task" }).click();
  await expect(form.getByRole("alert")).toHaveText("Title is required.");
  const a = `Board A ${stamp()}`;
  await form.getByLabel("Title").fill(a);
  // The assignee defaults to the current user; with none left the form refuses.
  await form.getByLabel("Sam Carter").uncheck();
  await form.getByRole("button", { name: "Create Task" }).click();
  await expect(form.getByRole("alert")).toHaveText("At least one assignee is required.");
  await form.getByLabel("Sam Carter").check();
  await form.getByRole("button", { name: "Create Task" }).click();
  await expect(form).toBeHidden();
  const b = `Board B ${stamp()}`;
  await page.getByRole("button", { name: "Add New Task" }).click();
  await page.getByRole("dialog", { name: "Create New Task" }).getByLabel("Title").fill(b);
  await page.getByRole("dialog", { name: "Create New Task" }).getByRole("button", { name: "Create Task" }).click();
  await expect(page.locator(`[data-task-title="${b}"]`)).toBeVisible();

  // Board view: drag A by its handle into Done.
  await page.getByRole("button", { name: "Board", exact: true }).click();
  const handle = page.getByRole("button", { name: `Move ${a}` });
  const target = page.locator('[data-status-column="done"]');
  const hb = (await handle.boundingBox())!;
  const tb = (await target.boundingBox())!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(hb.x + ((tb.x + tb.width / 2 - hb.x) * i) / 12, hb.y + ((tb.y + 60 - hb.y) * i) / 12);
  await page.mouse.up();
  await expect(target.locator(`[data-task-title="${a}"]`)).toBeVisible();
  await screenshot(page, "tasks-board-light");

  // Keyboard: pick B up with Space, move it down below its neighbour, drop it.
  const todo = page.locator('[data-status-column="todo"]');
  const before = await todo.locator("[data-task-title]").evaluateAll((els) => els.map((e) => e.getAttribute("data-task-title")));
  expect(before[0]).toBe(b);
  await page.getByRole("button", { name: `Move ${b}` }).focus();
  // Each key waits for the board to announce the last one, as a person would: an arrow pressed
  // before the board has measured its drop targets after the pick-up moves nothing.
  const live = page.getByRole("status").filter({ hasText: /draggable item/i });
  await page.keyboard.press("Space");
  await expect(live).toHaveText(/was moved over droppable area/);
  const pickedUp = (await live.textContent())!;
  await page.keyboard.press("ArrowDown");
  await expect(live).not.toHaveText(pickedUp);
  await page.keyboard.press("Space");
  await expect.poll(() => todo.locator("[data-task-title]").evaluateAll((els) => els.map((e) => e.getAttribute("data-task-title")))).not.toEqual(before);

  // Both survive a reload where they were dropped.
  await page.reload();
  await expect(page.locator('[data-status-column="done"]').locator(`[data-task-title="${a}"]`)).toBeVisible();
  const after = await todo.locator("[data-task-title]").evaluateAll((els) => els.map((e) => e.getAttribute("data-task-title")));
  expect(after.indexOf(b)).toBeGreaterThan(0);

  // Delete with the documented confirmation.
  await page.getByRole("button", { name: `Actions for ${b}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to delete this task?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(`[data-task-title="${b}"]`)).toHaveCount(0);

  await page.getByRole("button", { name: "List", exact: true }).click();
  await screenshot(page, "tasks-list-light");
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await screenshot(page, "tasks-list-dark");
  await context.close();

  const mobile = await signedInPage(browser, USERS.member, MOBILE);
  await mobile.page.goto("/Tasks");
  await expect(mobile.page.getByRole("heading", { level: 1, name: "My Tasks" })).toBeVisible();
  await screenshot(mobile.page, "tasks-mobile");
  await mobile.context.close();
});
