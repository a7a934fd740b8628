// A keyboard-only walk: sign in, send a message in a channel, answer a call and hang up, with
// nothing but Tab, Shift+Tab, Enter, Space, Escape and typing. Every element Tab lands on must
// show where the focus is. The caller is a second person in their own browser context, who may
// use the mouse: only the person being walked through is restricted to the keyboard.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PASSWORD, USERS, screenshot } from "./helpers";
import { CALL_LAUNCH_OPTIONS, callFromDirectory, dumpCallState, expectStatus, person } from "./calls-helpers";

test.use({ launchOptions: CALL_LAUNCH_OPTIONS, actionTimeout: 30_000 });

const stamp = () => Date.now().toString(36);
// A name prefix: also keep pictures of the focus at a few steps, to judge the rings by eye.
const shots = process.env.A11Y_SCREENSHOTS;

/**
 * How the focused element shows its focus: an outline, or a ring (a box-shadow layer with a spread)
 * on it or on one of its two nearest containers (cards that light up through :has(:focus-visible)).
 * Null when nothing visible marks it.
 */
function focusIndicator(page: Page): Promise<{ what: string; shown: string | null }> {
  return page.evaluate(async () => {
    const alpha = (color: string) => {
      if (color === "transparent") return 0;
      const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(color);
      if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
      const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color);
      return rgba ? Number(rgba[1]) : 1;
    };
    // A computed box-shadow is "<colour> <x> <y> <blur> <spread>" layers joined by commas; colours hold commas too.
    const layers = (shadow: string) => {
      const out = [""];
      let depth = 0;
      for (const ch of shadow) {
        depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
        if (ch === "," && depth === 0) out.push("");
        else out[out.length - 1] += ch;
      }
      return out.map((l) => l.trim());
    };
    const ring = (shadow: string) =>
      shadow === "none"
        ? null
        : (layers(shadow).find((layer) => {
            const spread = parseFloat(layer.match(/-?[\d.]+px/g)?.[3] ?? "0");
            const color = layer.replace(/-?[\d.]+px|inset/g, "").trim();
            return spread >= 1 && alpha(color) > 0.1;
          }) ?? null);
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: "nothing", shown: null };
    // Rings fade in (box-shadow transitions): judge them once drawn.
    for (let node: HTMLElement | null = el, depth = 0; node && depth < 3; depth++, node = node.parentElement) {
      await Promise.all(node.getAnimations().map((a) => a.finished.catch(() => {})));
    }
    const what = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    const cs = getComputedStyle(el);
    if (cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 1 && alpha(cs.outlineColor) > 0.1) {
      return { what, shown: `outline ${cs.outlineWidth} ${cs.outlineColor}` };
    }
    let node: HTMLElement | null = el;
    for (let depth = 0; node && depth < 3; depth++, node = node.parentElement) {
      const layer = ring(getComputedStyle(node).boxShadow);
      if (layer) return { what, shown: `${depth ? "container " : ""}ring ${layer}` };
    }
    return { what, shown: null };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; every stop on the way must show its focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<number> {
  const unmarked: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    if (presses > 0) {
      await page.keyboard.press(back ? "Shift+Tab" : "Tab");
      const focus = await focusIndicator(page);
      if (!focus.shown && focus.what !== "nothing") unmarked.push(focus.what);
    }
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      expect(unmarked, "focused elements with no visible focus").toEqual([]);
      return presses;
    }
  }
  throw new Error(`${target} not reached with ${max} presses of ${back ? "Shift+Tab" : "Tab"}`);
}

async function expectFocusShown(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const focus = await focusIndicator(page);
  expect(focus.shown, `no visible focus on ${focus.what}`).not.toBeNull();
}

test("keyboard only: sign in, send a message in a channel, answer a call and hang up", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const sam = await person(browser, USERS.member2);
  try {
    // Sign in: the e-mail field has the focus; Tab to the password, Tab to the button, Enter.
    await page.goto("/Login");
    const email = page.getByLabel("Email");
    await expectFocusShown(page, email);
    await page.keyboard.type(USERS.member);
    await tabTo(page, page.getByLabel("Password", { exact: true }));
    await page.keyboard.type(PASSWORD);
    await tabTo(page, page.getByRole("button", { name: "Sign in" }));
    if (shots) await screenshot(page, `${shots}-keyboard-sign-in`);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Good / })).toBeVisible();

    // To Chat through the sidebar, then into #general.
    await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Chat( |$)/ }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/Chat/);
    const general = page.locator('button[data-channel-name="general"]');
    // Every channel row is two stops (the channel and its menu), and earlier tests leave many channels.
    await tabTo(page, general, { max: 240 });
    if (shots) await screenshot(page, `${shots}-keyboard-channel`);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "general" })).toBeVisible();

    // Write and send.
    const text = `Sent without a mouse ${stamp()}`;
    const composer = page.getByRole("textbox", { name: "Message general" });
    const presses = await tabTo(page, composer, { max: 240 });
    console.log(`[keyboard] ${presses} presses of Tab from the channel list to the composer`);
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("log").getByText(text)).toBeVisible();
    await expect(composer).toHaveValue("");

    // Sam calls. The notice takes the focus on Accept, visibly; Enter answers.
    await expect.poll(() => page.evaluate(() => !!window.__calls), { timeout: 60_000 }).toBe(true);
    await callFromDirectory(sam.page, "Jordan Lee");
    const notice = page.getByTestId("incoming-call");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(sam.name);
    await expectFocusShown(page, notice.getByRole("button", { name: "Accept call" }));
    if (shots) await screenshot(page, `${shots}-keyboard-incoming-call`);
    await page.keyboard.press("Enter");
    await expectStatus(page, "connected", 30_000);
    await expectStatus(sam.page, "connected", 30_000);

    // Hang up from the call controls.
    const call = page.getByTestId("active-call");
    await expect(call).toBeVisible();
    await tabTo(page, call.getByRole("button", { name: "Hang up" }));
    if (shots) await screenshot(page, `${shots}-keyboard-hang-up`);
    await page.keyboard.press("Enter");
    await expectStatus(page, "idle");
    await expectStatus(sam.page, "idle");
  } catch (err) {
    await dumpCallState({ keyboard: page, caller: sam.page });
    throw err;
  } finally {
    await context.close();
    await sam.context.close();
  }
});
