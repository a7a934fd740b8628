// Starts a Janus for the browser tests (scripts/e2e.mjs): prints `JANUS_URL=ws://...` once it
// listens (and `JANUS_REC_DIR=...`, where it writes server recordings), and stops it on SIGTERM/SIGINT.
import { janusAvailable, startJanus } from "./janus";

if (!janusAvailable()) {
  console.log("JANUS_URL=");
} else {
  const janus = await startJanus();
  console.log(`JANUS_REC_DIR=${janus.recDir}`);
  console.log(`JANUS_URL=${janus.url}`);
  console.log(`JANUS_PID=${janus.pid}`);
  const stop = () => void janus.stop().finally(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  setInterval(() => {}, 60_000);
}
