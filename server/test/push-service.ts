// For tests: a real local Web Push service (the web-push-testing package) on a free port. It
// hands out subscriptions whose endpoint it serves, decrypts what arrives there (RFC 8291) and
// answers 410 for a subscription it was told to expire.
import { freePort } from "./net";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  url: string;
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** The decrypted payloads received for a subscription so far. */
  messages(clientHash: string): Promise<string[]>;
  /** The Topic header of every push request received for a subscription, in arrival order ("" when none). */
  topics(clientHash: string): string[];
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const Server = require("web-push-testing/src/server.js");
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
  const port = await freePort();
  const server = new Server(new PushApiModel(), port);
  // Ahead of the package's own routes (added by startServer): what a push request's headers say.
  const topics = new Map<string, string[]>();
  server._app.use((req: { path: string; get(h: string): string | undefined }, _res: unknown, next: () => void) => {
    const hash = /^\/notify\/([^/]+)$/.exec(req.path)?.[1];
    if (hash) topics.set(hash, [...(topics.get(hash) ?? []), req.get("Topic") ?? ""]);
    next();
  });
  const log = console.log;
  console.log = () => {};
  try {
    server.startServer();
  } finally {
    console.log = log;
  }
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await fetch(`${url}/status`, { method: "POST" }).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const post = async (p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
    if (!res.ok) throw new Error(`push service ${p}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return text.startsWith("{") ? JSON.parse(text) : null;
  };
  return {
    url,
    subscribe: async (key) => (await post("/subscribe", { userVisibleOnly: "true", applicationServerKey: key })).data as TestSubscription,
    messages: async (clientHash) => (await post("/get-notifications", { clientHash })).data.messages as string[],
    topics: (clientHash) => [...(topics.get(clientHash) ?? [])],
    expire: async (clientHash) => void (await post(`/expire-subscription/${clientHash}`)),
    close: () => new Promise((resolve) => server._server.close(() => resolve())),
  };
}

/** Polls `fn` until it answers something truthy. */
export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}
