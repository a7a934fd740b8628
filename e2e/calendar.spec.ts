import { expect, test, type Locator, type Page } from "@playwright/test";
import { MOBILE, PASSWORD, screenshot, signedInPage, USERS } from "./helpers";

const stamp = () => Date.now().toString(36);
const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const weekStart = (d: Date) => addDays(d, -d.getDay());

async function gotoCalendar(page: Page, view: "Month" | "Week" | "Day") {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: view, exact: true }).click();
}

async function drag(page: Page, from: Locator, dx: number, dy: number, target?: Locator) {
  const b = (await from.boundingBox())!;
  const x0 = b.x + b.width / 2;
  const y0 = b.y + Math.min(8, b.height / 2);
  let x1 = x0 + dx;
  let y1 = y0 + dy;
  if (target) {
    const t = (await target.boundingBox())!;
    x1 = t.x + t.width / 2;
    y1 = t.y + t.height / 2;
  }
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 10, y0 + ((y1 - y0) * i) / 10);
  await page.mouse.up();
}

async function createEvent(page: Page, title: string, fill?: (dialog: Locator) => Promise<void>) {
  const dialog = page.getByRole("dialog", { name: "New Event" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create Event" })).toBeDisabled();
  await dialog.getByLabel("Title").fill(title);
  await fill?.(dialog);
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog).toBeHidden();
}

async function pick(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("events: create, edit, drag and delete in month, week and day views", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member2);
  const today = new Date();
  await gotoCalendar(page, "Month");

  // Month: the defaults are the next full hour, for an hour; the form's rules.
  const title = `Month event ${stamp()}`;
  await page.getByRole("button", { name: "New Event" }).click();
  const form = page.getByRole("dialog", { name: "New Event" });
  const next = new Date(today.getFullYear(), today.getMonth(), today.getDate(), today.getHours() + 1);
  await expect(form.getByLabel("Start", { exact: true })).toHaveValue(`${ymd(next)}T${pad(next.getHours())}:00`);
  await expect(form.getByRole("combobox", { name: "Reminder" })).toHaveText("15 minutes before");
  await expect(form.getByRole("combobox", { name: "Preparation" })).toHaveText("2 hours before");
  await expect(form.getByText("Attendees")).toHaveCount(0);
  await pick(page, form, "Type", "Reminder");
  await expect(form.getByRole("combobox", { name: "Preparation" })).toHaveCount(0);
  await pick(page, form, "Type", "Appointment");
  // A fixed day in this month so the grid surely shows it.
  const day = new Date(today.getFullYear(), today.getMonth(), 10, 14);
  await form.getByLabel("Start", { exact: true }).fill(`${ymd(day)}T14:00`);
  await form.getByLabel("End", { exact: true }).fill(`${ymd(day)}T15:00`);
  await createEvent(page, title);
  const cell = page.locator(`[data-day="${ymd(day)}"]`);
  await expect(cell.locator(`[data-item="${title}"]`)).toBeVisible();

  // Edit it.
  await cell.locator(`[data-item="${title}"]`).click();
  const detail = page.getByRole("dialog", { name: title });
  await expect(detail.getByText(/2:00 PM – 3:00 PM/)).toBeVisible();
  await detail.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  const renamed = `${title} (moved)`;
  await edit.getByLabel("Title").fill(renamed);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(cell.locator(`[data-item="${renamed}"]`)).toBeVisible();

  // Drag it to the 12th; it keeps its time.
  const target = page.locator(`[data-day="${ymd(addDays(day, 2))}"]`);
  await drag(page, cell.locator(`[data-item="${renamed}"]`), 0, 0, target);
  await expect(target.locator(`[data-item="${renamed}"]`)).toBeVisible();
  await page.reload();
  await expect(target.locator(`[data-item="${renamed}"]`)).toBeVisible();
  await screenshot(page, "calendar-month-light");
  await target.locator(`[data-item="${renamed}"]`).click();
  await expect(page.getByRole("dialog", { name: renamed }).getByText(/2:00 PM – 3:00 PM/)).toBeVisible();
  await page.getByRole("dialog", { name: renamed }).getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(`[data-item="${renamed}"]`)).toHaveCount(0);

  // Week: click 10 AM on Wednesday to create, drag two hours down, stretch by an hour, delete.
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Week", exact: true }).click();
  const wed = ymd(addDays(weekStart(today), 3));
  const col = page.locator(`[data-column="${wed}"]`);
  await col.click({ position: { x: 10, y: 4 * 48 + 10 } });
  const wk = `Week event ${stamp()}`;
  await createEvent(page, wk);
  const item = col.locator(`[data-item="${wk}"]`);
  await expect(item.getByRole("button", { name: `${wk}, 10:00 AM – 11:00 AM` })).toBeVisible();
  await drag(page, item.getByRole("button").first(), 0, 96);
  await expect(item.getByRole("button", { name: `${wk}, 12:00 PM – 1:00 PM` })).toBeVisible();
  await drag(page, item.locator("[data-resize-handle]"), 0, 48);
  await expect(item.getByRole("button", { name: `${wk}, 12:00 PM – 2:00 PM` })).toBeVisible();
  await page.reload();
  await expect(page.locator(`[data-column="${wed}"] [data-item="${wk}"]`).getByRole("button", { name: `${wk}, 12:00 PM – 2:00 PM` })).toBeVisible();
  await screenshot(page, "calendar-week-light");
  await page.locator(`[data-column="${wed}"] [data-item="${wk}"]`).getByRole("button").first().click();
  await page.getByRole("dialog", { name: wk }).getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(`[data-item="${wk}"]`)).toHaveCount(0);

  // Day: create at 9 AM, move it to 11 AM by drag, delete; an empty day says so.
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Day", exact: true }).click();
  const dayTitle = `Day event ${stamp()}`;
  const dayCol = page.locator(`[data-column="${ymd(today)}"]`);
  await dayCol.click({ position: { x: 10, y: 3 * 48 + 10 } });
  await createEvent(page, dayTitle);
  const dayItem = dayCol.locator(`[data-item="${dayTitle}"]`);
  await expect(dayItem.getByRole("button", { name: `${dayTitle}, 9:00 AM – 10:00 AM` })).toBeVisible();
  await drag(page, dayItem.getByRole("button").first(), 0, 96);
  await expect(dayItem.getByRole("button", { name: `${dayTitle}, 11:00 AM – 12:00 PM` })).toBeVisible();
  await dayItem.getByRole("button").first().click();
  await page.getByRole("dialog", { name: dayTitle }).getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(`[data-item="${dayTitle}"]`)).toHaveCount(0);
  let empty = false;
  for (let i = 0; i < 12 && !empty; i++) {
    await page.getByRole("button", { name: "Next" }).click();
    empty = await page.getByText("Nothing for Today!").isVisible();
  }
  expect(empty).toBe(true);
  await screenshot(page, "calendar-day-light");
  await context.close();
});

test("a weekly recurring event appears on its days; cancelling one occurrence holds", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member2);
  await gotoCalendar(page, "Week");
  const monday = addDays(weekStart(new Date()), 8);
  const title = `Standup ${stamp()}`;
  await page.getByRole("button", { name: "New Event" }).click();
  await createEvent(page, title, async (form) => {
    await form.getByLabel("Start", { exact: true }).fill(`${ymd(monday)}T09:00`);
    await form.getByLabel("End", { exact: true }).fill(`${ymd(monday)}T09:30`);
    await pick(page, form, "Repeat", "Weekly");
    await form.getByRole("button", { name: "Monday" }).click();
    await form.getByRole("button", { name: "Wednesday" }).click();
    await pick(page, form, "Ends", "After a number of times");
    await form.getByLabel("Times").fill("4");
  });
  await page.getByRole("button", { name: "Next" }).click();
  const on = (d: Date) => page.locator(`[data-column="${ymd(d)}"] [data-item="${title}"]`);
  await expect(on(monday)).toBeVisible();
  await expect(on(addDays(monday, 2))).toBeVisible();
  await expect(on(addDays(monday, 1))).toHaveCount(0);
  await expect(on(addDays(monday, 4))).toHaveCount(0);

  // Cancel Wednesday's occurrence only.
  await on(addDays(monday, 2)).getByRole("button").first().click();
  const detail = page.getByRole("dialog", { name: title });
  await expect(detail.getByText("Weekly on Mon, Wed, 4 times")).toBeVisible();
  await detail.getByRole("button", { name: "Delete this occurrence" }).click();
  await expect(on(addDays(monday, 2))).toHaveCount(0);
  await expect(on(monday)).toBeVisible();
  await page.reload();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(on(monday)).toBeVisible();
  await expect(on(addDays(monday, 2))).toHaveCount(0);
  // The week after still has both; the one after that none (4 occurrences, one cancelled).
  await page.getByRole("button", { name: "Next" }).click();
  await expect(on(addDays(monday, 7))).toBeVisible();
  await expect(on(addDays(monday, 9))).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(on(addDays(monday, 14))).toHaveCount(0);
  await context.close();
});

test("users in different time zones see the same instant", async ({ browser }) => {
  const ny = await signedInPage(browser, USERS.member, { timezoneId: "America/New_York" });
  const berlin = await signedInPage(browser, USERS.member2, { timezoneId: "Europe/Berlin" });
  try {
  const title = `Zoned sync ${stamp()}`;
  // Tomorrow (as New York sees it) at 10:00 New York time.
  const nyToday = await ny.page.evaluate(() => new Date().toLocaleDateString("en-CA"));
  const [y, m, d] = nyToday.split("-").map(Number);
  const tomorrow = ymd(new Date(y, m - 1, d + 1));
  await gotoCalendar(ny.page, "Month");
  await ny.page.getByRole("button", { name: "New Event" }).click();
  await createEvent(ny.page, title, async (form) => {
    await pick(ny.page, form, "Type", "Meeting");
    await form.getByLabel("Sam Carter").check();
    await form.getByLabel("Start", { exact: true }).fill(`${tomorrow}T10:00`);
    await form.getByLabel("End", { exact: true }).fill(`${tomorrow}T11:00`);
  });

  await gotoCalendar(berlin.page, "Month");
  const upcoming = berlin.page.getByRole("list", { name: "Upcoming Events" });
  await upcoming.getByRole("button", { name: new RegExp(title) }).click();
  // 10:00 in New York is 16:00 in Berlin (both on standard or both on summer time).
  await expect(berlin.page.getByRole("dialog", { name: title }).getByText(/4:00 PM – 5:00 PM/)).toBeVisible();
  await berlin.page.keyboard.press("Escape");

  // With Tokyo chosen in the profile, the same meeting is at 0:00 the next day there.
  await berlin.page.goto("/Profile");
  await berlin.page.getByLabel("Time zone", { exact: true }).selectOption("Asia/Tokyo");
  await berlin.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(berlin.page.getByText("Profile updated successfully!").first()).toBeVisible();
  await gotoCalendar(berlin.page, "Month");
  await berlin.page.getByRole("list", { name: "Upcoming Events" }).getByRole("button", { name: new RegExp(title) }).click();
  await expect(berlin.page.getByRole("dialog", { name: title }).getByText(/12:00 AM – 1:00 AM/)).toBeVisible();
  } finally {
    // Put the profile back for the other tests.
    await berlin.page.evaluate(async () => {
      const token = sessionStorage.getItem("access_token");
      const me = await (await fetch("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } })).json();
      await fetch(`/api/auth/user/${me.id ?? me.user?.id}`, { method: "PATCH", headers: { Authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ time_zone: null }) });
    });
    await ny.context.close();
    await berlin.context.close();
  }
});

test("calendar screenshots: dark", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USERS.member);
  await gotoCalendar(page, "Month");
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await screenshot(page, "calendar-month-dark");
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Week", exact: true }).click();
  await screenshot(page, "calendar-week-dark");
  await page.getByRole("button", { name: "New Event" }).click();
  await screenshot(page, "calendar-form-dark");
  await context.close();
});

test("390 px: the month is an agenda with full titles; an empty calendar says so once", async ({ browser, request }) => {
  // A person made for the test: nothing in their calendar whatever the demo data hold.
  const admin = (await (await request.post("/api/auth/login", { data: { email: USERS.admin, password: PASSWORD } })).json()) as { accessToken: string };
  const email = `agenda.${stamp()}@example.com`;
  const made = await request.post("/api/entities/users", { headers: { authorization: `Bearer ${admin.accessToken}` }, data: { email, password: "long-password", full_name: "Agnes Enda" } });
  expect(made.status()).toBe(201);
  const mobile = await browser.newContext({ ...MOBILE, timezoneId: "UTC" });
  const page = await mobile.newPage();
  await page.goto("/Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("long-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
  await gotoCalendarMobile(page);
  await expect(page.getByText("No events in the next 14 days")).toHaveCount(1);
  await expect(page.getByText("Nothing in", { exact: false })).toBeVisible();
  await screenshot(page, "calendar-empty-mobile");

  // Long titles this month: a weekly series, a meeting and a task with a due date.
  const me = (await (await request.post("/api/auth/login", { data: { email, password: "long-password" } })).json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${me.accessToken}` };
  const now = new Date();
  const day = (d: number, h = 0) => `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(d)} ${pad(h)}:00:00`;
  const titles = ["Product roadmap review with design, engineering and support", "Project kickoff: mobile onboarding revamp", "Prepare the quarterly report for the board"];
  const post = (path: string, data: object) => request.post(path, { headers, data }).then((r) => expect(r.status()).toBe(201));
  await post("/api/entities/calendar_events", { title: titles[0], start_datetime: day(3, 10), end_datetime: day(3, 11), recurrence_rule: "FREQ=WEEKLY;COUNT=4" });
  await post("/api/entities/calendar_events", { title: titles[1], event_type: "meeting", start_datetime: day(10, 14), end_datetime: day(10, 15) });
  await post("/api/entities/tasks", { title: titles[2], assignee_emails: [email], due_date: day(20).slice(0, 10) });
  await page.reload();
  await gotoCalendarMobile(page);

  const agenda = page.getByRole("region", { name: "Agenda" });
  await expect(agenda).toBeVisible();
  await expect(page.locator("[data-day]")).toHaveCount(0);
  await expect(agenda.locator(`[data-item="${titles[0]}"]`)).toHaveCount(4);
  for (const title of titles) {
    const item = agenda.locator(`[data-item="${title}"]`).first();
    await expect(item).toContainText(title);
    // The whole title shows: nothing cut off or hidden under an ellipsis, nothing past the screen.
    const fits = await item.getByText(title, { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth);
    expect(fits, title).toBe(true);
  }
  await expect(page.locator(`[data-agenda-day="${day(10).slice(0, 10)}"]`)).toContainText("10:00 AM");
  await expect(page.locator(`[data-agenda-day="${day(10).slice(0, 10)}"]`)).toContainText("2:00 PM");
  await expect(page.locator(`[data-agenda-day="${day(20).slice(0, 10)}"]`)).toContainText("All day");
  await screenshot(page, "calendar-month-mobile");
  await agenda.locator(`[data-item="${titles[1]}"]`).click();
  await expect(page.getByRole("dialog", { name: titles[1] })).toBeVisible();
  await page.keyboard.press("Escape");
  // A day's heading opens that day.
  await page.locator(`[data-agenda-day="${day(10).slice(0, 10)}"]`).getByRole("button").first().click();
  await expect(page.getByRole("group", { name: "View" }).getByRole("button", { name: "Day", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(`[data-column="${day(10).slice(0, 10)}"] [data-item="${titles[1]}"]`)).toBeVisible();
  await screenshot(page, "calendar-day-mobile");
  await mobile.close();
});

async function gotoCalendarMobile(page: Page) {
  await page.goto("/Calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Month", exact: true }).click();
}
