// The entry (README, "Cold load"): it applies the theme and sends the requests the first screen
// waits on (app/firstRequests.ts) before the app's own JavaScript has arrived, then runs the app.
// It is one small file: everything it imports statically is grouped with it (vite.config.ts), so
// keep React, the stores and the query cache out of its imports. The app's chunks are fetched
// alongside this one from the start (modulepreload links that the build puts into index.html), so
// running them later costs no extra round trip.
import { startFirstRequests } from "./app/firstRequests";
import { applyTheme } from "./app/themeResolve";
import { readSettings } from "./features/users/settings";
import "./index.css";

// The theme first, so the page never shows the wrong one, even before the app renders.
applyTheme(readSettings().theme);
startFirstRequests();
void import("./app/start");
