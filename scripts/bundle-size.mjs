// Prints the gzip size of the JavaScript the built index.html loads before first paint (the entry,
// its modulepreloads and everything they import statically) and of all JavaScript in the build.
// Fails when the initial JavaScript exceeds the budget, so a heavy import cannot slip in unnoticed.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

// The initial JavaScript stays within 200 KB gzip (docs/benchmarks.md, "Cold load").
const BUDGET_KB = 200;
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "client");
const indexPath = join(root, "index.html");
if (!existsSync(indexPath)) {
  console.error(`bundle-size: ${relative(process.cwd(), indexPath)} not found; run vite build first`);
  process.exit(1);
}

const html = readFileSync(indexPath, "utf8");
const entryRefs = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((m) => m[1]);

const toFile = (url) => join(root, url.replace(/^\//, ""));
// Static imports only: `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`; never `import("./a.js")`.
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+\.js)["']/g;

const initial = new Set();
const queue = entryRefs.filter((r) => r.endsWith(".js")).map(toFile);
while (queue.length) {
  const file = queue.pop();
  if (initial.has(file) || !existsSync(file)) continue;
  initial.add(file);
  const code = readFileSync(file, "utf8");
  for (const m of code.matchAll(STATIC_IMPORT)) {
    if (m[1].startsWith(".")) queue.push(join(dirname(file), m[1]));
    else if (m[1].startsWith("/")) queue.push(toFile(m[1]));
  }
}

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith(".js") ? [join(dir, d.name)] : [],
  );
}

const rows = [...initial].map((f) => ({ file: posix.normalize(relative(root, f)), gzip: gz(f) }));
rows.sort((a, b) => b.gzip - a.gzip);
const initialTotal = rows.reduce((sum, r) => sum + r.gzip, 0);
const allFiles = walk(root);
const total = allFiles.reduce((sum, f) => sum + gz(f), 0);

console.log("Initial JavaScript (gzip):");
for (const r of rows) console.log(`  ${kb(r.gzip).padStart(10)}  ${r.file}`);
console.log(`Initial JS total: ${kb(initialTotal)} gzip (budget ${BUDGET_KB} KB)`);
console.log(`All JS total:     ${kb(total)} gzip in ${allFiles.length} files`);

if (initialTotal > BUDGET_KB * 1024) {
  console.error(`bundle-size: initial JavaScript ${kb(initialTotal)} exceeds the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
