// The app itself, loaded by the entry (main.tsx) once the first screen's requests are on their way.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { bootstrap } from "./bootstrap";
import { pageLoad } from "./pageModules";
import { pageFromPath } from "./pages";
import { Providers } from "./Providers";

bootstrap();

function render(): void {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
}

// The first page's chunk, when the entry has started it (prefetch.ts), is waited for so that the
// first render shows the page rather than suspending on it (pageModules.ts, docs/benchmarks.md, "Cold load").
// A failed load renders all the same: the page's own lazy load then tries again and reports it.
// A slow one (a stalled network) is waited for only so long: then the shell renders, with the
// page's loading state, rather than nothing at all until the chunk arrives.
const FIRST_PAGE_WAIT_MS = 1500;
const first = pageLoad(pageFromPath(window.location.pathname));
if (first) void Promise.race([first, new Promise((wait) => setTimeout(wait, FIRST_PAGE_WAIT_MS))]).then(render, render);
else render();
