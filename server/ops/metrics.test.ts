// /metrics during a chat load: the histograms read back from a real scrape, who may scrape, and
// the Grafana dashboard asking only for metric names the server exposes.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { buckets, parseExposition, total, type Scrape } from "../test/prometheus";
import { loadConfig } from "../config";
import { startTestApp, makeUser, makeChannel, api, type TestApp, type TestUser } from "../test/harness";
import { connect, call, record, until, type ClientSocket } from "../test/clients";
import type { EntityChange } from "@shared/realtime";

const scrape = async (app: TestApp, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};
const read = (text: string) => parseExposition(text);
const count = (s: Scrape, name: string, labels: Record<string, string> = {}) => total(s, `${name}_count`, labels);

describe("Prometheus metrics", () => {
  let app: TestApp;
  let ann: TestUser, ben: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp("pglite", { socketRateBurst: 1000, socketRatePerSec: 1000 });
    ann = await makeUser(app);
    ben = await makeUser(app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.stop();
  });

  it("reads the round-trip, fan-out, command, HTTP and query histograms back from scrapes taken during a chat load", async () => {
    const ch = await makeChannel(app, { type: "private", members: [ann.email, ben.email] });
    const a = await connect(app.url, ann.token);
    const b = await connect(app.url, ben.token);
    sockets.push(a, b);
    const changes = record<EntityChange>(b, "entities.change");
    const got = () => changes.filter((c) => c.table === "messages" && c.op === "create");
    const before = read((await scrape(app)).text);
    const sent = 300;
    let acked = 0;
    const load = (async () => {
      for (let i = 0; i < sent; i += 30) {
        const acks = await Promise.all(Array.from({ length: 30 }, (_, j) => call(a, "messages.create", { channel_id: ch.id, content: `m${i + j}` })));
        acked += acks.filter((x) => x.ok).length;
      }
    })();
    // Scrapes while the load runs must answer, and see it growing.
    const during: number[] = [];
    while (acked < sent) {
      const s = await scrape(app);
      expect(s.status).toBe(200);
      during.push(count(read(s.text), "teamspace_message_round_trip_seconds"));
      await new Promise((r) => setTimeout(r, 20));
    }
    await load;
    await until(changes, () => got().length >= sent, 10_000);
    await api(app, ann.token).get(`/api/entities/messages?where=${encodeURIComponent(JSON.stringify({ channel_id: ch.id }))}&limit=5`);

    const res = await scrape(app);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = read(res.text);
    expect(during.length).toBeGreaterThan(0);
    // Some scrape saw the load part-way, none saw more than was sent.
    const base = count(before, "teamspace_message_round_trip_seconds");
    expect(during.some((n) => n > base && n < base + sent)).toBe(true);
    expect(Math.max(...during)).toBeLessThanOrEqual(base + sent);

    expect(after.types.get("teamspace_message_round_trip_seconds")).toBe("histogram");
    expect(count(after, "teamspace_message_round_trip_seconds") - base).toBe(sent);
    // Buckets are cumulative and end with +Inf holding every observation.
    const rt = buckets(after, "teamspace_message_round_trip_seconds");
    const counts = rt.map(([, n]) => n);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    expect(rt.at(-1)).toEqual([Infinity, count(after, "teamspace_message_round_trip_seconds")]);
    expect(total(after, "teamspace_message_round_trip_seconds_sum")).toBeGreaterThan(0);

    expect(count(after, "teamspace_fanout_latency_seconds", { table: "messages" })).toBeGreaterThanOrEqual(sent);
    expect(count(after, "teamspace_socket_command_duration_seconds", { command: "messages.create" })).toBeGreaterThanOrEqual(sent);
    expect(total(after, "teamspace_socket_commands_total", { command: "messages.create", result: "ok" })).toBeGreaterThanOrEqual(sent);
    expect(total(after, "teamspace_socket_pushes_total", { event: "entities.change" })).toBeGreaterThanOrEqual(sent);
    expect(total(after, "teamspace_socket_pushes_total", { event: "session.ready" })).toBeGreaterThanOrEqual(2);
    expect(count(after, "teamspace_db_query_duration_seconds", { operation: "insert" })).toBeGreaterThan(0);
    expect(count(after, "teamspace_http_request_duration_seconds", { method: "GET", route: "/api/entities/:table", status: "200" })).toBe(1);
    expect(total(after, "teamspace_sockets_connected")).toBe(2);
    // Node's own metrics come along.
    expect(after.types.has("process_cpu_seconds_total")).toBe(true);
    expect(after.types.has("nodejs_eventloop_lag_p99_seconds")).toBe(true);
  });

  it("counts refused commands by result", async () => {
    const s = await connect(app.url, ann.token);
    sockets.push(s);
    const before = read((await scrape(app)).text);
    expect((await call(s, "no.such.command", {})).ok).toBe(false);
    expect((await call(s, "messages.create", { channel_id: "x" })).ok).toBe(false);
    const after = read((await scrape(app)).text);
    const diff = (labels: Record<string, string>) => total(after, "teamspace_socket_commands_total", labels) - total(before, "teamspace_socket_commands_total", labels);
    expect(diff({ command: "unknown", result: "invalid" })).toBe(1);
    expect(diff({ command: "messages.create", result: "invalid" })).toBe(1);
  });

  it("answers a loopback caller, refuses one behind a proxy, and with METRICS_TOKEN wants the token from others", async () => {
    expect((await scrape(app)).status).toBe(200);
    expect((await scrape(app, { "x-forwarded-for": "203.0.113.9" })).status).toBe(403);
    // The setting as loadConfig reads it, put on the running app.
    app.ctx.config.metricsToken = loadConfig({ METRICS_TOKEN: "scrape-token-0123456789", JWT_SECRET: "x".repeat(16) }).metricsToken;
    try {
      expect((await scrape(app, { "x-forwarded-for": "203.0.113.9" })).status).toBe(401);
      expect((await scrape(app, { "x-forwarded-for": "203.0.113.9", authorization: "Bearer wrong-token-0123456789" })).status).toBe(401);
      const ok = await scrape(app, { "x-forwarded-for": "203.0.113.9", authorization: "Bearer scrape-token-0123456789" });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain("teamspace_sockets_connected");
    } finally {
      app.ctx.config.metricsToken = undefined;
    }
    expect(() => loadConfig({ METRICS_TOKEN: "short", JWT_SECRET: "x".repeat(16) })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: "", JWT_SECRET: "x".repeat(16) }).metricsToken).toBeUndefined();
  });

  it("reports readiness: Postgres answers, no Redis configured", async () => {
    const r = await api(app).get("/api/ready");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ready", checks: { postgres: { ok: true } } });
    expect(r.body.checks.redis).toBeUndefined();
    expect(total(read((await scrape(app)).text), "teamspace_dependency_up", { dependency: "postgres" })).toBe(1);
  });

  it("has a Grafana dashboard whose queries name only metrics the server exposes", async () => {
    const file = path.resolve(import.meta.dirname, "../../deploy/grafana/teamspace-dashboard.json");
    const dash = JSON.parse(fs.readFileSync(file, "utf8")) as { panels: { title: string; targets: { expr: string }[] }[] };
    const exposed = read((await scrape(app)).text).types;
    const names = new Set<string>();
    for (const p of dash.panels) {
      expect(p.targets.length, p.title).toBeGreaterThan(0);
      for (const t of p.targets) {
        // Metric names: identifiers not followed by "(" (functions) and not inside braces or after "by".
        const bare = t.expr.replace(/\{[^}]*\}/g, "").replace(/\b(by|without)\s*\([^)]*\)/g, "").replace(/\[[^\]]*\]/g, "");
        for (const m of bare.matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/g)) names.add(m[1]);
      }
    }
    const family = (n: string) => n.replace(/_(bucket|sum|count)$/, "");
    const missing = [...names].filter((n) => !/^\d/.test(n) && !exposed.has(n) && !exposed.has(family(n)));
    expect(missing).toEqual([]);
    expect(names.size).toBeGreaterThan(20);
  });
});

describe("operationOf", () => {
  it("names a statement by its first word, past a leading comment such as a prepared statement's mark", async () => {
    const { operationOf } = await import("./metrics");
    const { HOT } = await import("../db/prepared");
    expect(operationOf(`${HOT}\n    with v as (select 1) select * from v`)).toBe("with");
    expect(operationOf("  (select 1)")).toBe("select");
    expect(operationOf("begin")).toBe("transaction");
    expect(operationOf("/* a */ /* b */ insert into t values (1)")).toBe("insert");
    expect(operationOf("vacuum")).toBe("other");
  });
});
