// The push endpoint guard: only https URLs of public hosts; loopback, private, link-local, the
// metadata address and the like are refused as IP literals and when a name resolves to them, on
// subscribing (400 in words) and in the connection of a send; PUSH_ALLOW_PRIVATE_ENDPOINTS lifts it.
import http from "node:http";
import type net from "node:net";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { ENDPOINT_NOT_PUBLIC, endpointProblem, endpointShapeProblem, isPublicAddress, publicOnlyLookup } from "./endpoint-guard";

const strict = { allowPrivateEndpoints: false, allowHttpEndpoints: false };

describe("push endpoint guard", () => {
  it("tells public addresses from the rest", () => {
    for (const a of ["8.8.8.8", "142.250.74.110", "2a00:1450:4001:82b::200a"]) expect(isPublicAddress(a), a).toBe(true);
    const inner = [
      "127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
      "224.0.0.1", "255.255.255.255", "198.18.0.1", "192.0.2.1", "::1", "::", "fe80::1", "fd00::1", "fc00::1", "::ffff:127.0.0.1",
      "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe", "2001:db8::1", "ff02::1", "not an address",
    ];
    for (const a of inner) expect(isPublicAddress(a), a).toBe(false);
  });

  it("refuses endpoints by their shape: not https, credentials, private IP literals, local names", () => {
    const refused = [
      "http://fcm.googleapis.com/fcm/send/x", "ftp://push.example.com/x", "nope", "https://user:pw@push.example.com/x",
      "https://127.0.0.1/x", "https://[::1]:8443/x", "https://169.254.169.254/latest/meta-data", "https://10.1.2.3/x",
      "https://[::ffff:a9fe:a9fe]/x", "https://localhost/x", "https://metadata/x", "https://push.internal/x", "https://printer.local/x",
    ];
    for (const e of refused) expect(endpointShapeProblem(e, strict), e).toBe(ENDPOINT_NOT_PUBLIC);
    expect(endpointShapeProblem("https://fcm.googleapis.com/fcm/send/abc", strict)).toBeNull();
    expect(endpointShapeProblem("https://8.8.8.8/x", strict)).toBeNull();
    // Allowed by configuration: a local push service in tests.
    expect(endpointShapeProblem("http://localhost:9012/x", { allowPrivateEndpoints: true, allowHttpEndpoints: true })).toBeNull();
    expect(endpointShapeProblem("https://127.0.0.1/x", { allowPrivateEndpoints: true, allowHttpEndpoints: false })).toBeNull();
    expect(endpointShapeProblem("http://127.0.0.1/x", { allowPrivateEndpoints: true, allowHttpEndpoints: false })).toBe(ENDPOINT_NOT_PUBLIC);
  });

  it("refuses a name resolving to any non-public address, and one that does not resolve", async () => {
    const dns = (answers: Record<string, string[]>) => async (host: string) => {
      if (!answers[host]) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      return answers[host].map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    const resolve = dns({
      "push.example.com": ["93.184.216.34", "2606:2800:220:1::1"],
      "rebind.example.com": ["93.184.216.34", "169.254.169.254"],
      "inside.example.com": ["10.0.0.7"],
      "v6loop.example.com": ["::1"],
    });
    expect(await endpointProblem("https://push.example.com/send/1", strict, resolve)).toBeNull();
    expect(await endpointProblem("https://rebind.example.com/send/1", strict, resolve)).toBe(ENDPOINT_NOT_PUBLIC);
    expect(await endpointProblem("https://inside.example.com/send/1", strict, resolve)).toBe(ENDPOINT_NOT_PUBLIC);
    expect(await endpointProblem("https://v6loop.example.com/send/1", strict, resolve)).toBe(ENDPOINT_NOT_PUBLIC);
    expect(await endpointProblem("https://gone.example.com/send/1", strict, resolve)).toBe("endpoint host gone.example.com does not resolve");
    expect(await endpointProblem("http://localhost:1/x", { allowPrivateEndpoints: true, allowHttpEndpoints: true }, resolve)).toBeNull();
  });

  it("does not connect to a loopback server when the connection's lookup is the guard's", async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    const attempt = (lookup?: net.LookupFunction) =>
      new Promise<string>((resolve) => {
        const req = http.request({ host: "localhost", port, path: "/", lookup }, (res) => {
          res.resume();
          resolve(`status ${res.statusCode}`);
        });
        req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
        req.end();
      });
    expect(await attempt(publicOnlyLookup)).toBe("ENOTPUBLIC");
    expect(hits).toBe(0);
    // The same request with the ordinary lookup gets through: the guard is what stopped it.
    expect(await attempt()).toBe("status 200");
    expect(hits).toBe(1);
    await new Promise((r) => server.close(r));
  });
});

describe("push subscriptions refuse non-public endpoints", () => {
  let app: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    app = await startTestApp(ENGINES[0]);
    ann = await makeUser(app, { full_name: "Ann" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 400 in words and stores nothing", async () => {
    const keys = { p256dh: "BExample", auth: "secret" };
    for (const endpoint of ["https://169.254.169.254/latest/meta-data", "https://127.0.0.1:8443/push", "https://[fd00::1]/push", "https://localhost/push", "http://push.example.com/x"]) {
      const res = await api(app, ann.token).post<{ error: string }>("/api/push/subscriptions", { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(JSON.stringify(res.body), endpoint).toContain(ENDPOINT_NOT_PUBLIC);
    }
    expect(await app.ctx.db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
  });
});
