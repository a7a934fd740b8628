// Writing in chat (docs/messages.md, "Writing"): Markdown reaches the other person rendered and raw HTML as
// text; a pasted image and a dropped file attach; a draft survives a reload; Up arrow in the empty
// composer opens the editor on one's last message.
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { makePng, twoInNewChannel } from "./helpers";

const stamp = () => Date.now().toString(36);
const row = (page: Page, text: string) => page.getByRole("log").locator("[data-message-id]").filter({ hasText: text });


/** Pastes a file on the element the selector names, drags it over or drops it there, as the browser does. */
async function putFile(page: Page, selector: string, kind: "paste" | "drag" | "drop", name: string, type: string, data: Buffer) {
  await page.evaluate(
    ({ selector, kind, name, type, b64 }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      const target = document.querySelector(selector)!;
      if (kind === "paste") {
        target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
      } else if (kind === "drag") {
        target.dispatchEvent(new DragEvent("dragenter", { dataTransfer: dt, bubbles: true, cancelable: true }));
        target.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
      } else {
        target.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    },
    { selector, kind, name, type, b64: data.toString("base64") },
  );
}

test("Markdown, paste and drop, drafts and Up arrow", async ({ browser }) => {
  const { a, b, name, composer } = await twoInNewChannel(browser, "e2e-writing");

  // Markdown: bold, a list, a code block and a link, rendered for the other person.
  const tag = stamp();
  await composer.fill(`Release **notes ${tag}** are out:\n- first item\n- second item\n\n\`\`\`ts\nconst answer: number = 42;\n\`\`\`\nSee [the docs](https://example.org/docs) and ~~old~~ news`);
  await composer.press("Enter");
  const md = row(b.page, `notes ${tag}`);
  await expect(md.locator("strong")).toHaveText(`notes ${tag}`);
  await expect(md.locator("ul > li")).toHaveText(["first item", "second item"]);
  await expect(md.locator("pre code .hljs-keyword").first()).toHaveText("const");
  await expect(md.locator("pre code")).toContainText("const answer: number = 42;");
  await expect(md.locator("del")).toHaveText("old");
  const link = md.getByRole("link", { name: "the docs" });
  await expect(link).toHaveAttribute("href", "https://example.org/docs");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  // Raw HTML stays text, as a block of its own or inside a line of Markdown.
  const raw = `<script>window.__pwned = 1</script>\n**html ${tag}** <img src=x onerror="window.__pwned = 2"> [bad](javascript:window.__pwned=3)`;
  await composer.fill(raw);
  await composer.press("Enter");
  const shown = row(b.page, `html ${tag}`);
  await expect(shown.locator("strong")).toHaveText(`html ${tag}`);
  await expect(shown).toContainText("<script>window.__pwned = 1</script>");
  await expect(shown).toContainText('<img src=x onerror="window.__pwned = 2">');
  await expect(shown.locator("script, img")).toHaveCount(0);
  await expect(shown.getByText("bad", { exact: true })).toBeVisible();
  await expect(shown.locator("a")).toHaveCount(0);
  expect(await b.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // Plain text and mentions stay plain, never loading the renderer's look.
  await composer.fill(`just words ${tag}`);
  await composer.press("Enter");
  await expect(row(b.page, `just words ${tag}`).locator("[data-markdown]")).toHaveCount(0);

  // Pasting an image attaches it.
  await putFile(a.page, `textarea[aria-label="Message ${name}"]`, "paste", `pasted-${tag}.png`, "image/png", makePng(120, 80));
  await expect(b.page.getByRole("log").getByTestId("message-image").and(b.page.getByRole("img", { name: `pasted-${tag}.png` }))).toBeVisible();
  // Dropping a file on the composer highlights it and attaches the file.
  const zone = `form:has(textarea[aria-label="Message ${name}"]) > div`;
  await putFile(a.page, zone, "drag", `dropped-${tag}.txt`, "text/plain", Buffer.from("hello"));
  await expect(a.page.getByTestId("composer-drop-zone")).toBeVisible();
  await putFile(a.page, zone, "drop", `dropped-${tag}.txt`, "text/plain", Buffer.from("hello"));
  await expect(b.page.getByRole("log").getByRole("link", { name: new RegExp(`dropped-${tag}\\.txt`) })).toBeVisible();
  await expect(a.page.getByTestId("composer-drop-zone")).toHaveCount(0);

  // A draft survives a reload, and sending clears it.
  await composer.fill(`half-written ${tag}`);
  await a.page.reload();
  await expect(a.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(composer).toHaveValue(`half-written ${tag}`);
  await composer.press("Enter");
  await expect(row(b.page, `half-written ${tag}`)).toBeVisible();
  await a.page.reload();
  await expect(a.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(row(a.page, `half-written ${tag}`)).toBeVisible();
  await expect(composer).toHaveValue("");

  // Up arrow in the empty composer edits the last own message.
  await composer.focus();
  await composer.press("ArrowUp");
  const editor = a.page.getByRole("textbox", { name: "Edit message" });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue(`half-written ${tag}`);
  await editor.fill(`fully **written** ${tag}`);
  await editor.press("Enter");
  await expect(row(b.page, `written ${tag}`).locator("strong")).toHaveText("written");
  await expect(row(b.page, `written ${tag}`).getByRole("button", { name: "Edited: show earlier versions" })).toBeVisible();
  await expect(composer).toBeFocused();

  // In a thread: Markdown, a pasted image, Up arrow and the thread's own draft.
  const root = row(a.page, `just words ${tag}`);
  await root.hover();
  await root.getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name: "Reply in thread" }).click();
  const pane = a.page.getByRole("complementary", { name: "Thread" });
  const reply = pane.getByRole("textbox", { name: "Reply in thread" });
  await reply.fill(`a *thread* reply ${tag}`);
  await reply.press("Enter");
  await expect(pane.locator("em")).toHaveText("thread");
  await putFile(a.page, 'textarea[aria-label="Reply in thread"]', "paste", `thread-${tag}.png`, "image/png", makePng(60, 40));
  await expect(pane.getByRole("img", { name: `thread-${tag}.png` })).toBeVisible();
  await reply.press("ArrowUp");
  await expect(pane.getByRole("textbox", { name: "Edit message" })).toHaveValue(`thread-${tag}.png`);
  await pane.getByRole("textbox", { name: "Edit message" }).press("Escape");
  await expect(reply).toBeFocused();
  await reply.fill(`thread draft ${tag}`);
  await pane.getByRole("button", { name: "Close thread" }).click();
  await expect(composer).toHaveValue("");
  await root.hover();
  await root.getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name: "Reply in thread" }).click();
  await expect(reply).toHaveValue(`thread draft ${tag}`);

  mkdirSync("/tmp/shots", { recursive: true });
  await b.page.evaluate(() => document.fonts.ready);
  await b.page.screenshot({ path: "/tmp/shots/writing.png" });
  await a.context.close();
  await b.context.close();
});
