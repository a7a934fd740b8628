// A local HTTP server for tests of requests the server makes (the egress guard, link previews),
// on a free port of `host`, noting every path it was asked for.
import http from "node:http";
import type net from "node:net";

export type LocalServer = { server: http.Server; port: number; hits: string[] };

export function listen(host: string, handler: http.RequestListener): Promise<LocalServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve({ server, port: (server.address() as net.AddressInfo).port, hits })));
}
