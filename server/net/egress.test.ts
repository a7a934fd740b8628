// The egress guard (./egress.ts; docs/integrations.md, "Link previews"), against local servers:
// each refusal is shown with a server that would have answered, and that it was never reached.
// The "public" server listens on 127.0.0.2, which these tests allow-list (and its port) the way
// EGRESS_ALLOW_RANGES and EGRESS_ALLOW_PORTS would; the "inner" one on 127.0.0.1, never allowed.
import http from "node:http";
import type net from "node:net";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { EGRESS_LIMITS, EgressRefused, addressAllowed, checkUrl, guardedGet, type EgressRules } from "./egress";

import { listen, type LocalServer as Server } from "../test/local-server";

/** A DNS server of the test's own: each name's answer for the nth lookup of it. */
function fakeDns(answer: (host: string, nth: number) => string[]): net.LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const lookup = ((host: string, options: { all?: boolean }, callback: (err: Error | null, a: unknown, f?: number) => void) => {
    calls.push(host);
    const list = answer(host, calls.filter((h) => h === host).length);
    // A DNS answer comes on a later turn, as the system's does.
    setImmediate(() => {
      if (!list.length) return callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), undefined);
      const addresses = list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      if (options?.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  }) as unknown as net.LookupFunction & { calls: string[] };
  lookup.calls = calls;
  return lookup;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "fetched";
  } catch (err) {
    expect(err).toBeInstanceOf(EgressRefused);
    return (err as EgressRefused).reason;
  }
}

const PAGE = `<!doctype html><html><head><title>Release notes</title><meta property="og:title" content="Release 4.2"></head><body>hi</body></html>`;

describe("egress guard", () => {
  let pub: Server;
  let inner: Server;
  let rules: EgressRules;
  const open: http.ServerResponse[] = [];

  beforeAll(async () => {
    inner = await listen("127.0.0.1", (_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end("<title>inside</title>");
    });
    pub = await listen("127.0.0.2", (req, res) => {
      const inside = `http://127.0.0.1:${inner.port}/secret`;
      switch (req.url) {
        case "/page":
          res.setHeader("content-type", "text/html; charset=utf-8");
          return res.end(PAGE);
        case "/to-page":
          res.writeHead(302, { location: "/page" });
          return res.end();
        case "/to-inner":
          res.writeHead(302, { location: inside });
          return res.end();
        case "/loop":
          res.writeHead(301, { location: "/loop" });
          return res.end();
        case "/big": {
          // 10 MB, announced.
          res.writeHead(200, { "content-type": "text/html", "content-length": String(10 * 1024 * 1024) });
          const chunk = Buffer.alloc(64 * 1024, 0x61);
          let sent = 0;
          const pump = () => {
            while (sent < 160 && res.write(chunk)) sent++;
            if (sent < 160) res.once("drain", pump);
            else res.end();
          };
          return pump();
        }
        case "/big-unannounced": {
          // 10 MB, chunked: no length to refuse it by; the guard counts.
          res.writeHead(200, { "content-type": "text/html" });
          const chunk = Buffer.alloc(64 * 1024, 0x61);
          let sent = 0;
          const pump = () => {
            while (sent < 160 && !res.destroyed && res.write(chunk)) sent++;
            if (res.destroyed) return;
            if (sent < 160) res.once("drain", pump);
            else res.end();
          };
          return pump();
        }
        case "/slow":
          // Headers at once, then a byte a second, never finishing.
          res.writeHead(200, { "content-type": "text/html" });
          open.push(res);
          return res.write("<html>");
        case "/json":
          res.setHeader("content-type", "application/json");
          return res.end("{}");
        default:
          res.statusCode = 404;
          return res.end();
      }
    });
    rules = { allowRanges: ["127.0.0.2/32"], allowPorts: [pub.port, inner.port] };
  });

  afterAll(async () => {
    for (const r of open) r.destroy();
    for (const s of [pub, inner]) {
      s.server.closeAllConnections();
      await new Promise((r) => s.server.close(r));
    }
  });

  it("fetches an allowed page, following a redirect", async () => {
    const r = await guardedGet(`http://127.0.0.2:${pub.port}/to-page`, { rules, htmlOnly: true });
    expect(r.status).toBe(200);
    expect(r.url).toBe(`http://127.0.0.2:${pub.port}/page`);
    expect(r.body.toString()).toContain("Release 4.2");
  });

  it("tells allowed addresses from the rest", () => {
    for (const a of ["93.184.216.34", "2606:2800:220:1::1"]) expect(addressAllowed(a), a).toBe(true);
    const refused = [
      "127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.254", "224.0.0.1", "0.0.0.0",
      "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "198.18.0.1",
    ];
    for (const a of refused) expect(addressAllowed(a), a).toBe(false);
    // An allow-listed range, and only it.
    expect(addressAllowed("127.0.0.2", rules)).toBe(true);
    expect(addressAllowed("127.0.0.1", rules)).toBe(false);
    expect(addressAllowed("::ffff:127.0.0.2", rules)).toBe(false);
  });

  it("refuses other schemes, credentials and ports other than 80 and 443", () => {
    const reason = (u: string) => {
      try {
        checkUrl(u);
        return "ok";
      } catch (err) {
        return (err as EgressRefused).reason;
      }
    };
    expect(reason("ftp://example.com/x")).toBe("url");
    expect(reason("file:///etc/passwd")).toBe("url");
    expect(reason("gopher://example.com/")).toBe("url");
    expect(reason("http://user:pw@example.com/")).toBe("url");
    expect(reason("http://example.com:8080/")).toBe("port");
    expect(reason("https://example.com:22/")).toBe("port");
    expect(reason("http://example.com/")).toBe("ok");
    expect(reason("https://example.com:443/")).toBe("ok");
  });

  it("refuses a private address", async () => {
    for (const u of ["http://10.1.2.3/", "http://192.168.0.10/", "http://169.254.169.254/latest/meta-data/", "http://100.64.0.1/", "http://[fd00::1]/", "http://224.0.0.1/"]) {
      expect(await refusal(guardedGet(u, { rules })), u).toBe("address");
    }
  });

  it("refuses loopback given as an address, without connecting", async () => {
    expect(await refusal(guardedGet(`http://127.0.0.1:${inner.port}/secret`, { rules }))).toBe("address");
    expect(inner.hits).toEqual([]);
  });

  it("refuses a redirect to 127.0.0.1", async () => {
    expect(await refusal(guardedGet(`http://127.0.0.2:${pub.port}/to-inner`, { rules }))).toBe("address");
    expect(pub.hits).toContain("/to-inner");
    expect(inner.hits).toEqual([]);
  });

  it("refuses a name resolving to loopback", async () => {
    expect(await refusal(guardedGet(`http://localhost:${inner.port}/secret`, { rules }))).toBe("address");
    const dns = fakeDns((host) => (host === "intranet.example.com" ? ["127.0.0.1"] : []));
    expect(await refusal(guardedGet(`http://intranet.example.com:${inner.port}/secret`, { rules, lookup: dns }))).toBe("address");
    expect(inner.hits).toEqual([]);
  });

  it("refuses an IPv6-mapped IPv4 address", async () => {
    expect(await refusal(guardedGet(`http://[::ffff:127.0.0.1]:${inner.port}/secret`, { rules }))).toBe("address");
    expect(await refusal(guardedGet(`http://[::ffff:7f00:2]:${pub.port}/page`, { rules }))).toBe("address");
    const dns = fakeDns(() => ["::ffff:127.0.0.1"]);
    expect(await refusal(guardedGet(`http://mapped.example.com:${inner.port}/secret`, { rules, lookup: dns }))).toBe("address");
    expect(inner.hits).toEqual([]);
  });

  it("refuses a rebinding name in the connection: public at the first lookup, loopback at the connect", async () => {
    // The first answer is public, so the check before the request lets it through; the
    // connection looks the name up again and gets 127.0.0.1, which the agent refuses before connecting.
    const dns = fakeDns((_host, nth) => (nth === 1 ? ["93.184.216.34"] : ["127.0.0.1"]));
    expect(await refusal(guardedGet(`http://rebind.example.com:${inner.port}/secret`, { rules, lookup: dns }))).toBe("address");
    expect(dns.calls.length).toBeGreaterThanOrEqual(2);
    expect(inner.hits).toEqual([]);
    // The same name answering the allowed address at connect time is fetched: the refusal above was the address's.
    const ok = fakeDns((_host, nth) => (nth === 1 ? ["93.184.216.34"] : ["127.0.0.2"]));
    const r = await guardedGet(`http://rebind.example.com:${pub.port}/page`, { rules, lookup: ok });
    expect(r.body.toString()).toContain("Release 4.2");
  });

  it("refuses a 10 MB page, announced or not, past 1 MB", async () => {
    expect(EGRESS_LIMITS.maxBytes).toBe(1024 * 1024);
    expect(await refusal(guardedGet(`http://127.0.0.2:${pub.port}/big`, { rules, htmlOnly: true }))).toBe("too-large");
    expect(await refusal(guardedGet(`http://127.0.0.2:${pub.port}/big-unannounced`, { rules, htmlOnly: true }))).toBe("too-large");
  });

  it("gives up on a slow page after 5 s", async () => {
    expect(EGRESS_LIMITS.timeoutMs).toBe(5_000);
    const t0 = Date.now();
    expect(await refusal(guardedGet(`http://127.0.0.2:${pub.port}/slow`, { rules, htmlOnly: true }))).toBe("timeout");
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(4_900);
    expect(took).toBeLessThan(7_000);
  }, 15_000);

  it("refuses what is not HTML when asked for HTML, and more than 3 redirects", async () => {
    expect(await refusal(guardedGet(`http://127.0.0.2:${pub.port}/json`, { rules, htmlOnly: true }))).toBe("not-html");
    expect(await refusal(guardedGet(`http://127.0.0.2:${pub.port}/loop`, { rules }))).toBe("redirects");
    expect(pub.hits.filter((h) => h === "/loop")).toHaveLength(4);
    expect(await refusal(guardedGet(`http://127.0.0.2:${pub.port}/missing`, { rules }))).toBe("status");
  });
});
