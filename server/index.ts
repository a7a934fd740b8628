import { loadConfig } from "./config";
import { startApp } from "./app";

// The process entry point: read configuration, start, and stop cleanly on a signal.
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const app = await startApp({ config });
  app.ctx.log.info(`Listening on http://localhost:${(app.server.address() as { port: number }).port}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
