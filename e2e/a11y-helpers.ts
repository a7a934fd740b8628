// axe as the accessibility specs run it: every WCAG 2.x A/AA rule and axe's best practices, plus
// the experimental rules (label-content-name-mismatch among them, WCAG 2.5.3), which axe leaves
// out by default. A page is judged once it has settled, so colours are read as a person sees them.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

const EXPERIMENTAL_RULES = [
  "label-content-name-mismatch",
  "css-orientation-lock",
  "focus-order-semantics",
  "hidden-content",
  "p-as-heading",
  "table-fake-caption",
  "td-has-header",
];

/** Waits for loading placeholders to go and one-off animations (dialogs opening, fades) to end. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(
    () =>
      !document.querySelector(".animate-pulse") &&
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Every violation axe finds on the page as it is now, one entry per node. */
export async function axe(page: Page, screen: string): Promise<Finding[]> {
  await settle(page);
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }]));
  const result = await new AxeBuilder({ page }).options({ rules }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => ({
      screen,
      rule: v.id,
      impact: n.impact ?? v.impact ?? "unknown",
      target: n.target.join(" "),
      summary: n.failureSummary?.split("\n").slice(1).join(" ").trim() ?? v.help,
    })),
  );
}

/** Counts per rule and screen, as a table for the test log. */
export function tabulate(findings: Finding[]): string {
  const counts = new Map<string, number>();
  for (const f of findings) {
    const key = `${f.impact.padEnd(9)} ${f.rule.padEnd(32)} ${f.screen}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${String(n).padStart(3)}  ${k}`)
    .join("\n");
}
