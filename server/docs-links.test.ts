// The repository explains itself (docs/architecture.md): the README and every page of docs/ link
// only to files that exist and to headings those files have, and every code comment that cites a
// page of docs/ names one that exists. The README stays a newcomer's page, under 250 lines.
import { describe, it, expect } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

const root = path.resolve(import.meta.dirname, "..");
const pages = ["README.md", ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(path.join(root, file), "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
}

describe("documentation links", () => {
  it("the README stays under 250 lines", () => {
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8").split("\n").length).toBeLessThan(250);
  });

  it.each(pages)("every relative link of %s resolves to a file and a heading", (page) => {
    // Code (a mention token such as `@[Name](email)`) is not a link.
    const text = fs.readFileSync(path.join(root, page), "utf8").replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
    const broken: string[] = [];
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      const [file, anchor] = target.split("#");
      const resolved = file ? path.normalize(path.join(path.dirname(page), file)) : page;
      if (!fs.existsSync(path.join(root, resolved))) {
        broken.push(`${target}: no file ${resolved}`);
        continue;
      }
      if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it("code comments cite pages of docs/ that exist, and name sections those pages have", () => {
    const files = execFileSync("git", ["ls-files", "server", "client", "shared", "bench", "e2e", "scripts", "migrations"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((f) => /\.(ts|tsx|mjs|cjs)$/.test(f) && fs.existsSync(path.join(root, f)));
    const missing: string[] = [];
    const headings = new Map<string, Set<string>>();
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, f), "utf8");
      for (const m of text.matchAll(/docs\/([a-z-]+\.md)(?:, "([^"\n]+)")?/g)) {
        const doc = `docs/${m[1]}`;
        if (!fs.existsSync(path.join(root, doc))) {
          missing.push(`${f}: ${doc}`);
          continue;
        }
        if (!m[2]) continue;
        if (!headings.has(doc)) {
          const t = fs.readFileSync(path.join(root, doc), "utf8");
          headings.set(doc, new Set([...t.matchAll(/^#{1,6} (.+)$/gm)].map((h) => h[1].trim()).concat([...t.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((b) => b[1].trim()))));
        }
        const names = headings.get(doc)!;
        if (![...names].some((n) => n === m[2] || n.startsWith(m[2]))) missing.push(`${f}: ${doc}, "${m[2]}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});
