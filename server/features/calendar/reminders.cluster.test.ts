// Two app processes on one Postgres database (and one Redis, so a notice sent by either node
// reaches sockets on both), each sweeping for due reminders five times a second: every reminder
// of a repeating event that began days ago is sent once, by one node, to its people on either
// node. A later reminder is the marker: once it has arrived, both nodes have swept past the
// earlier ones many times, so a duplicate would have arrived before it.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { clusterSetup, startCluster, type Cluster, type ClusterUser, type Node } from "../../test/nodes";
import { connect, record, until, type ClientSocket } from "../../test/clients";
import type { AppNotice } from "@shared/realtime";

const { REDIS_URL, canRun } = await clusterSetup();

describe.skipIf(!canRun)("calendar reminders on two nodes", () => {
  let cluster: Cluster;
  let n1: Node, n2: Node;
  const users: Record<string, ClusterUser> = {};
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster(REDIS_URL, { env: { REMINDER_SWEEP_MS: "200" } });
    [n1, n2] = cluster.nodes;
    for (const name of ["ann", "ben"]) users[name] = await cluster.addUser(name);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  }, 60_000);

  it("sends each occurrence's reminder once, from one node, to people on both nodes", async () => {
    const ann = await connect(n1.url, users.ann.token);
    const ben = await connect(n2.url, users.ben.token);
    sockets.push(ann, ben);
    const toAnn = record<AppNotice>(ann, "notifications.create");
    const toBen = record<AppNotice>(ben, "notifications.create");
    const post = async (node: Node, body: Record<string, unknown>) => {
      const res = await fetch(`${node.url}/api/entities/calendar_events`, {
        method: "POST",
        headers: { authorization: `Bearer ${users.ann.token}`, "content-type": "application/json" },
        body: JSON.stringify({ attendees: [users.ben.email], ...body }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const iso = (ms: number) => new Date(ms).toISOString();
    // Three daily series that began three days ago; today's occurrences start in 18-20 s and are
    // reminded 15 s before, written through either node.
    const base = Math.ceil(Date.now() / 1000) * 1000 + 18_000;
    const series: { id: number; today: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const today = base + i * 1000;
      const first = today - 3 * 86_400_000;
      const id = await post(i % 2 ? n2 : n1, {
        title: `Daily ${i}`,
        start_datetime: iso(first),
        end_datetime: iso(first + 30 * 60_000),
        reminder_time: iso(first - 15_000),
        recurrence_rule: "FREQ=DAILY;COUNT=30",
      });
      series.push({ id, today });
    }
    // The marker: a single event reminded 4 s after the last of them.
    const markerStart = base + 2000 + 4000;
    await post(n2, { title: "Marker", start_datetime: iso(markerStart), end_datetime: iso(markerStart + 60_000), reminder_time: iso(markerStart - 15_000) });

    for (const { id, today } of series) {
      for (const inbox of [toAnn, toBen]) await until(inbox, (n) => n.id === `reminder-${id}-${today}`, 60_000);
    }
    await until(toBen, (n) => n.title === "Reminder: Marker", 30_000);
    await until(toAnn, (n) => n.title === "Reminder: Marker", 10_000);
    for (const { id, today } of series) {
      const reminderId = `reminder-${id}-${today}`;
      expect(toAnn.filter((n) => n.id === reminderId), `ann, series ${id}`).toHaveLength(1);
      expect(toBen.filter((n) => n.id === reminderId), `ben, series ${id}`).toHaveLength(1);
    }
    expect(toAnn).toHaveLength(4);
    expect(toBen).toHaveLength(4);
  }, 90_000);
});
