// The build of the web client this node serves, announced in every `session.ready` so that a tab
// loaded before a deploy can tell and reload itself (docs/protocol.md, "Connect and authenticate"). The
// client build writes its id to build.json beside index.html (vite.config.ts, buildId), the same
// id it compiles into its own code.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Where the server finds the built client when the config names no other folder (as server/app.ts). */
export const DEFAULT_CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/client");

const buildFile = z.object({ id: z.string().min(1).max(200) });

/** How often the file is looked at again: a client rebuilt under a running server is served at once. */
const RECHECK_MS = 10_000;

function parse(text: string): string | null {
  try {
    const r = buildFile.safeParse(JSON.parse(text));
    return r.success ? r.data.id : null;
  } catch {
    return null;
  }
}

/**
 * The id of the client build in `dir`, or null when there is none (no build, a build older than
 * build.json, tests). Read once now, then again in the background at most every RECHECK_MS, so a
 * reconnect storm costs no file reads.
 */
export function clientBuild(dir: string): () => string | null {
  const file = path.join(dir, "build.json");
  let id: string | null = null;
  try {
    id = parse(fs.readFileSync(file, "utf8"));
  } catch {
    id = null;
  }
  let checkedAt = Date.now();
  let reading = false;
  return () => {
    if (!reading && Date.now() - checkedAt >= RECHECK_MS) {
      checkedAt = Date.now();
      reading = true;
      fs.promises
        .readFile(file, "utf8")
        .then(parse, () => null)
        .then((next) => (id = next))
        .finally(() => (reading = false));
    }
    return id;
  };
}
