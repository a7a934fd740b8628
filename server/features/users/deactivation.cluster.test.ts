// Two app nodes over one Postgres database and one Redis: an admin deactivating a user through
// node 1 closes that user's sockets on node 2 at once.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { api } from "../../test/harness";
import { clusterSetup, startCluster, type Cluster, type ClusterUser, type Node } from "../../test/nodes";
import { connect, type ClientSocket } from "../../test/clients";

const { REDIS_URL, canRun } = await clusterSetup();

describe.skipIf(!canRun)("users: deactivation across nodes", () => {
  let cluster: Cluster;
  let n1: Node, n2: Node;
  let admin: ClusterUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster(REDIS_URL);
    [n1, n2] = cluster.nodes;
    admin = await cluster.addUser("admin", { role: "admin" });
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  }, 60_000);

  it("closes the user's sockets on the other node", async () => {
    const victim = await cluster.addUser("victim");
    const onN2 = await connect(n2.url, victim.token, { reconnection: false });
    const onN1 = await connect(n1.url, victim.token, { reconnection: false });
    sockets.push(onN1, onN2);
    const reasons = [onN1, onN2].map(
      (s) =>
        new Promise<string>((resolve, reject) => {
          const t = setTimeout(() => reject(new Error("the socket stayed open")), 10_000);
          s.once("disconnect", (r) => {
            clearTimeout(t);
            resolve(r);
          });
        }),
    );
    expect((await api(n1, admin.token).delete(`/api/entities/users/${victim.id}`)).status).toBe(200);
    expect(await Promise.all(reasons)).toEqual(["io server disconnect", "io server disconnect"]);
    await expect(connect(n2.url, victim.token, { reconnection: false })).rejects.toThrow("Not authenticated");
    expect((await api(n2, victim.token).get("/api/auth/me")).status).toBe(401);
  });
});
