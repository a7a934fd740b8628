// `npm run bench:coldload`: cold load of a channel (docs/benchmarks.md, "Cold load"): a fresh browser context,
// signed in, empty cache, opens /Chat?channel=<#general>; measured from navigation start to the
// newest message of #general painted, with the start times of the requests it waits on and the
// JavaScript (compressed, as sent) loaded before that paint. Builds nothing: it serves dist/client
// (`npm run build` first) from the real server on a fresh, seeded PGlite data directory.
//
//   npm run bench:coldload -- [--runs 15] [--json] [--timeline] [--profile]
//
// --timeline also prints, for the run nearest the median, every request (start and answer) and every
// long animation frame before the paint with the scripts that ran in it: where the time went.
// --profile samples the page's main thread of every run and prints where its time went (slower runs).
import { parseArgs } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { root, spawnServer } from "./lib/servers";
import { ms, Samples } from "./lib/stats";
import { cpuSeconds } from "./lib/cpu";

const { values: flags } = parseArgs({
  options: {
    runs: { type: "string", default: "15" },
    json: { type: "boolean", default: false },
    timeline: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
  },
});
const RUNS = Number(flags.runs);
const EMAIL = "alex.morgan@example.com";
const PASSWORD = "demo1234";
// The flags every browser test launches Debian's Chromium with (e2e/chromium.ts), less fake media.
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

interface Run {
  paintMs: number;
  /** Request start and end (response end) times, ms after navigation start, by what they are. */
  starts: Record<string, number | null>;
  ends: Record<string, number | null>;
  /** JavaScript loaded before the paint: bytes on the wire (brotli or gzip) and decoded. */
  jsTransfer: number;
  jsDecoded: number;
  jsFiles: number;
  jsGzipEncoded: boolean;
  /** Every request, and every frame of 50 ms or more with the scripts it ran (--timeline). */
  requests: { name: string; start: number; end: number }[];
  frames: { start: number; duration: number; blocking: number; scripts: { source: string; invoker: string; start: number; duration: number }[] }[];
}

const REQUESTS: Record<string, RegExp> = {
  "auth/me": /\/api\/auth\/me(\?|$)/,
  channels: /\/api\/entities\/channels\?/,
  unread: /\/api\/chat\/unread(\?|$)/,
  messages: /\/api\/entities\/messages\?/,
  "Chat chunk": /\/assets\/ChatPage-[^/]*\.js$/,
};

async function api<T>(base: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(base + url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function once(browser: Browser, base: string, session: Record<string, string>, channelId: number, newestId: number): Promise<Run> {
  // The app keeps its session in sessionStorage (client/src/lib/tokenStorage.ts), which a storage
  // state cannot carry: put it there before any script of the page runs.
  const context = await browser.newContext();
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
  }, session);
  // The first frame in which the newest message's row is in the document: its paint. A string, not
  // a function: tsx would wrap named functions in a helper the page does not have.
  await context.addInitScript(`
    new MutationObserver((_, obs) => {
      if (!document.querySelector('[data-message-id="${newestId}"]')) return;
      obs.disconnect();
      requestAnimationFrame(() => performance.mark("coldload:newest-painted"));
    }).observe(document, { childList: true, subtree: true });
    window.__coldloadFrames = [];
    try {
      window.__coldloadObserver = new PerformanceObserver((list) => window.__coldloadFrames.push(...list.getEntries()));
      window.__coldloadObserver.observe({ type: "long-animation-frame", buffered: true });
    } catch {}
  `);
  const page = await context.newPage();
  const cdp = flags.profile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await page.goto(`${base}/Chat?channel=${channelId}`, { waitUntil: "commit" });
  await page
    .waitForFunction(() => performance.getEntriesByName("coldload:newest-painted").length > 0, undefined, { timeout: 30_000 })
    .catch(async (err: unknown) => {
      const ids = await page.$$eval("[data-message-id]", (els) => els.map((e) => e.getAttribute("data-message-id")).join(","));
      throw new Error(`newest message ${newestId} never painted at ${page.url()} (rows: ${ids}): ${String(err)}`);
    });
  if (cdp) printProfile((await cdp.send("Profiler.stop")).profile);
  const r = await page.evaluate(() => {
    const paint = performance.getEntriesByName("coldload:newest-painted")[0].startTime;
    const res = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    // The observer's callback runs when the page is idle: the latest frames may still be in its queue.
    const w = window as unknown as { __coldloadFrames?: PerformanceEntry[]; __coldloadObserver?: PerformanceObserver };
    w.__coldloadFrames?.push(...(w.__coldloadObserver?.takeRecords() ?? []));
    const frames = (w.__coldloadFrames ?? []) as unknown as {
      startTime: number;
      duration: number;
      blockingDuration: number;
      scripts: { sourceURL: string; sourceFunctionName: string; invoker: string; startTime: number; duration: number }[];
    }[];
    return {
      paint,
      frames: frames
        .filter((f) => f.startTime < paint)
        .map((f) => ({
          start: f.startTime,
          duration: f.duration,
          blocking: f.blockingDuration,
          scripts: f.scripts.map((x) => ({ source: `${x.sourceURL.replace(/^.*\//, "")} ${x.sourceFunctionName}`.trim(), invoker: x.invoker, start: x.startTime, duration: x.duration })),
        })),
      res: res.map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd, transfer: e.transferSize, decoded: e.decodedBodySize, encoded: e.encodedBodySize, type: e.initiatorType })),
    };
  });
  await context.close();
  const starts: Record<string, number | null> = {};
  const ends: Record<string, number | null> = {};
  for (const [name, re] of Object.entries(REQUESTS)) {
    const e = r.res.find((x) => re.test(x.name));
    starts[name] = e?.start ?? null;
    ends[name] = e?.end ?? null;
  }
  const js = r.res.filter((e) => /\.js(\?|$)/.test(e.name) && e.end <= r.paint);
  return {
    paintMs: r.paint,
    starts,
    ends,
    jsTransfer: js.reduce((s, e) => s + e.encoded, 0),
    jsDecoded: js.reduce((s, e) => s + e.decoded, 0),
    jsFiles: js.length,
    // Files under 1 KB are sent as they are (the build compresses none, compression() neither).
    jsGzipEncoded: js.every((e) => e.decoded < 1024 || e.encoded < e.decoded),
    requests: r.res.map((e) => ({ name: e.name.replace(base, ""), start: e.start, end: e.end })),
    frames: r.frames,
  };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * --profile: where the page's main thread spent its time: the functions with the most time of their
 * own, then the busiest in each 25 ms from the start of the profile (just before navigation).
 * Sampling slows the page down; the runs' figures with it are not the bench's.
 */
function printProfile(profile: CpuProfile): void {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const buckets = new Map<number, Map<string, number>>();
  let t = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    const f = frames.get(samples[i]);
    if (!f) continue;
    const name = f.url ? `${f.functionName || "(anon)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber}` : f.functionName;
    if (name === "(idle)") continue;
    const b = Math.floor(t / 25_000);
    const m = buckets.get(b) ?? new Map<string, number>();
    m.set(name, (m.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
    buckets.set(b, m);
  }
  const all = new Map<string, number>();
  for (const m of buckets.values()) for (const [k, v] of m) all.set(k, (all.get(k) ?? 0) + v);
  console.log([...all.entries()].sort((a, c) => c[1] - a[1]).slice(0, 45).map(([k, v]) => `  ${v.toFixed(1).padStart(6)} ${k}`).join("\n"));
  for (const [b, m] of [...buckets.entries()].sort((a, c) => a[0] - c[0])) {
    const total = [...m.values()].reduce((x, y) => x + y, 0);
    const top = [...m.entries()].sort((a, c) => c[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(" | ");
    console.log(`  ${String(b * 25).padStart(4)} ms busy ${total.toFixed(1).padStart(5)} ms: ${top}`);
  }
}

function printTimeline(run: Run): void {
  console.log(`timeline of the median run (newest message painted at ${ms(run.paintMs)} ms):`);
  const events = [
    ...run.requests.map((r) => ({ at: r.start, line: `request ${r.name.slice(0, 70).padEnd(70)} answered at ${ms(r.end).padStart(5)} ms` })),
    ...run.frames.map((f) => ({
      at: f.start,
      line:
        `frame   ${ms(f.duration)} ms (blocking ${ms(f.blocking)} ms)` +
        f.scripts.map((x) => `\n          script at ${ms(x.start)} ms for ${ms(x.duration)} ms: ${x.invoker} ${x.source}`).join(""),
    })),
  ].sort((a, b) => a.at - b.at);
  for (const e of events) console.log(`  ${ms(e.at).padStart(5)} ms  ${e.line}`);
}

async function main(): Promise<void> {
  const dist = path.join(root, "dist/client/index.html");
  if (!fs.existsSync(dist)) throw new Error("dist/client/index.html not found: run `npm run build` first");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-coldload-"));
  const say = (s: string) => !flags.json && console.log(s);
  say(`starting the server (fresh PGlite in ${dataDir}, demo seed)…`);
  const server = await spawnServer("server/index.ts", { DATA_DIR: dataDir, SEED_DEMO: "true" });
  const browser = await chromium.launch({ executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
  try {
    const base = server.url;
    const login = await api<{ accessToken: string; expiresAt: number; user: unknown }>(base, "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const auth = { authorization: `Bearer ${login.accessToken}` };
    const channels = await api<{ id: number; name: string; is_system: boolean }[]>(base, "/api/entities/channels?limit=500", { headers: auth });
    const general = channels.find((c) => c.is_system && c.name === "general")!;
    // The newest message of the channel's main list (client/src/features/chat/api.ts: not a reply only in its thread).
    const where = encodeURIComponent(JSON.stringify({ channel_id: general.id, or: [{ thread_root_id: null }, { also_to_channel: true }] }));
    const [newest] = await api<{ id: number }[]>(base, `/api/entities/messages?where=${where}&sort=-id&limit=1`, { headers: auth });
    const entry = await fetch(base + "/", { headers: { "accept-encoding": "gzip" } });
    const script = /<script[^>]*src="([^"]+)"/.exec(await entry.text())?.[1];
    const enc = script ? (await fetch(base + script, { headers: { "accept-encoding": "gzip" } })).headers.get("content-encoding") : null;
    say(`server compresses scripts: ${enc ?? "no"}`);
    const session = { access_token: login.accessToken, token_expires_at: String(login.expiresAt), current_user: JSON.stringify(login.user) };

    await once(browser, base, session, general.id, newest.id); // warm the server (and Chromium), not measured
    const runs: Run[] = [];
    const serverCpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const cpu0 = cpuSeconds(server.proc.pid!);
      const run = await once(browser, base, session, general.id, newest.id);
      // The server's CPU from navigation to the paint and the context's close: what a page load costs it.
      serverCpu.push((cpuSeconds(server.proc.pid!) - cpu0) * 1000);
      runs.push(run);
      say(`  run ${String(i + 1).padStart(2)}: newest message painted at ${ms(run.paintMs)} ms (server CPU ${ms(serverCpu[i])} ms)`);
    }
    const sum = (xs: number[]) => {
      const s = new Samples();
      for (const x of xs) s.add(x);
      return s.summary();
    };
    const paint = runs.map((r) => r.paintMs);
    const summary = {
      runs: RUNS,
      paintP50: sum(paint).p50,
      paintP95: sum(paint).p95,
      starts: Object.fromEntries(
        Object.keys(REQUESTS).map((k) => {
          const xs = runs.map((r) => r.starts[k]).filter((x): x is number => x != null);
          return [k, xs.length ? sum(xs).p50 : null];
        }),
      ),
      ends: Object.fromEntries(
        Object.keys(REQUESTS).map((k) => {
          const xs = runs.map((r) => r.ends[k]).filter((x): x is number => x != null);
          return [k, xs.length ? sum(xs).p50 : null];
        }),
      ),
      jsGzipKB: runs[0].jsTransfer / 1024,
      jsDecodedKB: runs[0].jsDecoded / 1024,
      jsFiles: runs[0].jsFiles,
      jsCompressed: runs.every((r) => r.jsGzipEncoded),
    };
    if (flags.json) console.log(JSON.stringify(summary));
    if (flags.timeline) printTimeline([...runs].sort((a, b) => a.paintMs - b.paintMs)[Math.floor(runs.length / 2)]);
    else {
      say(`newest message painted: p50 ${ms(summary.paintP50)} ms, p95 ${ms(summary.paintP95)} ms (${RUNS} runs)`);
      const at = (v: number | null) => (v == null ? "-" : ms(v));
      for (const [k, v] of Object.entries(summary.starts)) say(`  ${k.padEnd(11)} request p50: starts at ${at(v)} ms, answered at ${at(summary.ends[k])} ms`);
      say(
        `JavaScript before the paint: ${summary.jsGzipKB.toFixed(1)} KB on the wire (${summary.jsCompressed ? "compressed" : "NOT all compressed"}), ${summary.jsDecodedKB.toFixed(1)} KB decoded, ${summary.jsFiles} files`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
