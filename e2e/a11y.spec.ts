// Every screen, in light and dark mode, has no serious or critical axe violation. One signed-in
// session walks them all (seconds per screen), with the open states that matter: a dialog, the
// user menu and the incoming-call notice. All findings are gathered first and printed as one
// table, so a failure shows the whole picture rather than the first screen that broke.
import { expect, test, type Page } from "@playwright/test";
import { io, type Socket } from "socket.io-client";
import { axe, tabulate, type Finding } from "./a11y-helpers";
import { PASSWORD, USERS, makePng, openChannel, screenshot, signIn } from "./helpers";

type Theme = "light" | "dark";

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Promise<void>;
}

const h1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: "dashboard", path: "/Dashboard", ready: h1(/^Good /) },
  {
    name: "chat",
    path: "/Chat",
    ready: async (page) => {
      await openChannel(page, "general");
      await expect(page.getByRole("log").locator("[data-message-id]").first()).toBeVisible();
    },
  },
  {
    name: "directory",
    path: "/Directory",
    ready: async (page) => {
      await h1("Company Directory")(page);
      await expect(page.locator('[data-testid^="person-"]').first()).toBeVisible();
    },
  },
  { name: "profile", path: "/Profile", ready: h1("Profile Settings") },
  {
    name: "call-history",
    path: "/CallHistory",
    ready: async (page) => {
      await h1("Call History")(page);
      await expect(page.getByTestId("call-card").first()).toBeVisible();
    },
  },
  {
    name: "files",
    path: "/FileLibrary",
    ready: async (page) => {
      await h1("File Library")(page);
      await expect(page.getByTestId("file-item").first()).toBeVisible();
    },
  },
  {
    name: "resources",
    path: "/Resources",
    ready: async (page) => {
      await h1("Resources")(page);
      await expect(page.getByTestId("resource-card").first()).toBeVisible();
    },
  },
  {
    name: "tasks",
    path: "/Tasks",
    ready: async (page) => {
      await h1("My Tasks")(page);
      await expect(page.getByText("Plan the accessibility review").first()).toBeVisible();
    },
  },
  {
    name: "calendar",
    path: "/Calendar",
    ready: async (page) => {
      await h1("Calendar")(page);
      await expect(page.locator('[data-item="Accessibility walkthrough"]').first()).toBeVisible();
    },
  },
  {
    name: "notes",
    path: "/Notes",
    ready: async (page) => {
      await h1("My Notes")(page);
      await expect(page.getByTestId("note-card").first()).toBeVisible();
    },
  },
  {
    name: "approvals",
    path: "/Approvals",
    ready: async (page) => {
      await h1("Approvals")(page);
      await expect(page.getByTestId("approval-card").first()).toBeVisible();
    },
  },
  {
    name: "admin",
    path: "/Admin",
    ready: async (page) => {
      await h1("Admin Settings")(page);
      await expect(page.getByTestId("user-row").first()).toBeVisible();
    },
  },
];

async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((theme) => {
    const s = JSON.parse(localStorage.getItem("team_app_settings") ?? "{}");
    localStorage.setItem("team_app_settings", JSON.stringify({ ...s, theme }));
  }, theme);
}

/** In-app navigation, as a link would do it: no reload, so each screen costs only its own data. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { Authorization: `Bearer ${sessionStorage.getItem("access_token")}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { path, body },
  );
}

/** The demo admin owns no task, note or file: give each screen a card to check, as a person would have. */
async function fillAdminScreens(page: Page): Promise<void> {
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await api(page, "/entities/tasks", {
    title: "Plan the accessibility review",
    description: "Contrast, names and keyboard paths on every screen.",
    status: "in_progress",
    priority: "medium",
    due_date: inDays(2),
    assignee_email: USERS.admin,
    assignee_emails: [USERS.admin],
  });
  await api(page, "/entities/tasks", { title: "Archive last quarter's reports", status: "todo", priority: "low", due_date: inDays(-1), assignee_email: USERS.admin, assignee_emails: [USERS.admin] });
  await api(page, "/entities/notes", { topic: "Offsite follow-ups", content: "Book the venue, **share** the agenda.", tags: ["offsite"], is_pinned: true, mood: "excited" });
  const today = new Date().toISOString().slice(0, 10);
  await api(page, "/entities/calendar_events", {
    title: "Accessibility walkthrough",
    start_datetime: `${today} 10:00:00`,
    end_datetime: `${today} 11:30:00`,
    event_type: "meeting",
    attendees: [USERS.admin, USERS.manager],
  });
  const png = makePng(64, 40);
  const stored = await api<{ file_url: string }>(page, "/files", {
    upload_type: "file_library",
    original_filename: "floor-plan.png",
    mime_type: "image/png",
    data_base64: png.toString("base64"),
  });
  await api(page, "/entities/shared_files", { name: "floor-plan.png", category: "image", tags: ["office"], file_url: stored.file_url, file_size: png.length, file_type: "image/png" });
}

/** A caller outside the browser: signs in over REST and rings over the socket, as any client may. */
async function caller(baseURL: string, email: string): Promise<Socket> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const socket = io(baseURL, { path: "/socket.io", transports: ["websocket"], auth: { token: accessToken } });
  await new Promise<void>((resolve, reject) => {
    socket.once("session.ready", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

function ring(socket: Socket, targetUserId: number): Promise<{ ok: boolean; data?: { call_id: number }; error?: string }> {
  return new Promise((resolve) => socket.emit("calls.initiate", { target_user_id: targetUserId, call_type: "video" }, resolve));
}

test("every screen has no serious or critical axe violation, in light and dark mode", async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  const findings: Finding[] = [];
  const started = Date.now();
  const shots = process.env.A11Y_SCREENSHOTS; // a name prefix: also keep a picture of each screen

  let last = Date.now();
  const check = async (screen: string, theme: Theme) => {
    const t0 = Date.now();
    const found = await axe(page, `${screen} (${theme})`);
    findings.push(...found);
    const bad = found.filter((f) => f.impact === "serious" || f.impact === "critical").length;
    console.log(`[a11y] ${screen} (${theme}): ${bad} serious or critical of ${found.length}; ${((t0 - last) / 1000).toFixed(1)} s to load, ${((Date.now() - t0) / 1000).toFixed(1)} s of axe`);
    last = Date.now();
    if (shots) await screenshot(page, `${shots}-${screen}-${theme}`);
  };

  // Signed out: the sign-in screen.
  await page.goto("/Login");
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await page.reload();
    await expect(page.getByRole("heading", { name: /Sign in/ })).toBeVisible();
    await check("sign-in", theme);
  }

  await signIn(page, USERS.admin, { navigate: false });
  const me = await api<{ id: number }>(page, "/auth/me");
  await fillAdminScreens(page);
  const [meeting] = await api<{ meeting_id: string }[]>(
    page,
    `/entities/calendar_events?where=${encodeURIComponent(JSON.stringify({ title: "All-hands" }))}&limit=1`,
  );

  // Sam rings from outside the browser; declining gives the call history a card to show.
  const sam = await caller(baseURL!, USERS.member2);
  try {
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      await page.goto("/Dashboard");
      await h1(/^Good /)(page);

      const rung = await ring(sam, me.id);
      expect(rung.ok, rung.error).toBe(true);
      const notice = page.getByTestId("incoming-call");
      await expect(notice).toBeVisible();
      await check("incoming-call", theme);
      // Declines (the notice's Escape), unless a slow axe run outlasted the ring and it was missed.
      await page.keyboard.press("Escape");
      await expect(notice).toBeHidden();

      for (const screen of SCREENS) {
        await visit(page, screen.path);
        await screen.ready(page);
        await check(screen.name, theme);
      }
      // The calendar's week view: timed items rather than month chips.
      await visit(page, "/Calendar");
      await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Week", exact: true }).click();
      await expect(page.locator('[data-item="Accessibility walkthrough"]').first()).toBeVisible();
      await check("calendar-week", theme);
      await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Month", exact: true }).click();

      // The meeting page before joining.
      await visit(page, `/Meet?meetingId=${meeting.meeting_id}`);
      await h1("All-hands")(page);
      await check("meeting", theme);

      // Open states: a note (its dialog has a destructive button), a form dialog, the user menu.
      await visit(page, "/Notes");
      await page.getByTestId("note-card").first().click();
      await expect(page.getByRole("dialog", { name: "Offsite follow-ups" })).toBeVisible();
      await check("note-dialog", theme);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await visit(page, "/Tasks");
      await h1("My Tasks")(page);
      await page.getByRole("button", { name: "Add New Task" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await check("task-dialog", theme);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.getByRole("button", { name: "User menu" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await check("user-menu", theme);
      await page.keyboard.press("Escape");
    }
  } finally {
    sam.disconnect();
  }

  const serious = findings.filter((f) => f.impact === "serious" || f.impact === "critical");
  console.log(`[a11y] ${((Date.now() - started) / 1000).toFixed(1)} s; findings by impact, rule and screen:\n${tabulate(findings) || "none"}`);
  for (const f of serious) console.log(`[a11y] ${f.screen} ${f.rule} ${f.target}: ${f.summary}`);
  expect(serious.map((f) => `${f.screen}: ${f.rule} at ${f.target}`)).toEqual([]);
});
