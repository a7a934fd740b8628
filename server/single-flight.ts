/**
 * A task that runs one at a time: asked while it runs, it runs once more after (however often it
 * was asked meanwhile), so whatever the asking was about is seen. Failures go to `onError`; the
 * answer is the function that asks.
 */
export function singleFlight(task: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

/**
 * Runs `task` every `everyMs`, one run at a time (./singleFlight), until the realtime layer that was
 * there at start goes away: the app that started it has closed (tests start many in one process).
 * Answers the function that asks for a run now.
 */
export function everyWhileOpen(ctx: { realtime?: unknown }, everyMs: number, task: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  let hub = ctx.realtime;
  const run = singleFlight(task, onError);
  const timer = setInterval(() => {
    if (hub && ctx.realtime !== hub) return clearInterval(timer);
    hub = ctx.realtime;
    run();
  }, everyMs);
  timer.unref();
  return run;
}
