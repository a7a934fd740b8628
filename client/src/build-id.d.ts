/** The id of this client build (vite.config.ts, buildId); "dev" under the dev server and tests. */
declare const __BUILD_ID__: string;
