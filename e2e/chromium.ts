// Debian's Chromium and the flags every browser test launches it with (Playwright's own browser
// download is not available here). Fake media devices let call tests run headless.
export const CHROMIUM_PATH = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];
