// Builds the web client into dist/client with one progress line, for `npm start`'s first run.
import path from "node:path";
import { build } from "vite";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/**
 * A build prints nothing at log level "warn" until it is done, which on a slow machine looks like a
 * hang: this plugin keeps one line up to date (a line every 10 s when the output is not a terminal).
 */
function progress() {
  const started = Date.now();
  const tty = process.stdout.isTTY;
  let modules = 0;
  let phase = "reading sources";
  const line = () => `Building the web client: ${phase}, ${modules} modules (${Math.round((Date.now() - started) / 1000)} s)`;
  const show = () => (tty ? process.stdout.write(`\r${line()}\x1b[K`) : console.log(line()));
  let timer;
  return {
    name: "teamspace-start-progress",
    apply: "build",
    buildStart() {
      timer = setInterval(show, tty ? 250 : 10_000);
    },
    transform() {
      modules += 1;
      phase = "compiling";
    },
    buildEnd() {
      phase = "writing chunks";
    },
    closeBundle() {
      clearInterval(timer);
      if (tty) process.stdout.write("\r\x1b[K");
      console.log(`Built the web client (${modules} modules) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    },
  };
}

process.chdir(root);
try {
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn", plugins: [progress()] });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
