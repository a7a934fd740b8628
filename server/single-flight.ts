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
