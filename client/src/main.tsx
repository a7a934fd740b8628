// The entry (docs/benchmarks.md, "Cold load"): it starts the requests the first screen waits on before the
// app's own JavaScript (React, the shell, the pages) has been compiled and run, then runs the app.
// The app's chunks are fetched alongside this one from the start (modulepreload links that the
// build puts into index.html, vite.config.ts), so running them later costs no extra round trip.
import { prefetch } from "./app/prefetch";
import { initTheme } from "./app/theme";
import "./index.css";

// The theme first, so the page never shows the wrong one, even before the app renders.
initTheme();
prefetch();
void import("./app/start");
