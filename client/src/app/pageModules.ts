// The pages' chunks, each loaded once and remembered once in (docs/benchmarks.md, "Cold load"). The entry
// (prefetch.ts) starts the Chat chunk before the app runs, the app waits for it before its first
// render (start.tsx), and App then renders the page at once instead of through React.lazy: a lazy
// component always suspends on its first render, and React holds back revealing what was
// suspended until 300 ms after the fallback was shown, a wait that was a third of a cold load.
// The loaders themselves stay in App.tsx: a page imported from here, the entry, would be split
// from the app's chunk differently. No React here: the entry imports this module.
import type { ComponentType } from "react";
import type { PageName } from "./pages";

export interface PageModule {
  default: ComponentType;
}

const pending = new Map<PageName, Promise<PageModule>>();
const loaded = new Map<PageName, ComponentType>();

/** The page's chunk: `load` runs on the first call, later calls get the same promise (after a failure, `load` runs again). */
export function loadPage(name: PageName, load: () => Promise<PageModule>): Promise<PageModule> {
  let promise = pending.get(name);
  if (!promise) {
    promise = load().then(
      (m) => {
        loaded.set(name, m.default);
        return m;
      },
      (err: unknown) => {
        pending.delete(name);
        throw err;
      },
    );
    pending.set(name, promise);
  }
  return promise;
}

/** The load of the page's chunk under way or done, if one was started. */
export function pageLoad(name: PageName): Promise<PageModule> | undefined {
  return pending.get(name);
}

/** The page's component if its chunk has already arrived and run, else undefined. */
export function loadedPage(name: PageName): ComponentType | undefined {
  return loaded.get(name);
}
