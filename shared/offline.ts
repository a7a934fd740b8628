// The name of the service worker's cache of API answers kept for reading offline
// (client/sw/offline-api.ts), which the page deletes on signing out (client/src/app/serviceWorker.ts).
export const OFFLINE_API_CACHE = "api";

/** The message the service worker posts to a page it answered from that cache (the network failed). */
export const KEPT_ANSWER = "kept-answer";
