// `npm start`: build the client when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const index = path.join(root, "dist/client/index.html");

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const needsBuild = !fs.existsSync(index) || newest(path.join(root, "client")) > fs.statSync(index).mtimeMs;
if (needsBuild && process.env.SKIP_CLIENT_BUILD !== "1") {
  console.log("Building the web client into dist/client (first start, or the client changed since the last build)...");
  // In its own process, so the server that follows does not keep the bundler in memory.
  const r = spawnSync(process.execPath, [path.join(root, "scripts/build-client.mjs")], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/index.ts")], { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
