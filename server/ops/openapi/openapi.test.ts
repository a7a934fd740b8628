// The API descriptions: the OpenAPI document is valid OpenAPI 3.1 by a validator written
// elsewhere (@readme/openapi-parser), it describes every route the server mounts, and the
// AsyncAPI document has every event of the socket contract.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { validate, compileErrors } from "@readme/openapi-parser";
import { startTestApp, makeUser, api, type TestApp } from "../../test/harness";
import { buildApi } from "../../app";
import { SOCKET_COMMANDS } from "../../features";
import { PUSHES } from "./asyncapi";

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  match?: (path: string) => boolean;
}

/** Every (method, path) the API router mounts; `under` is the nested router's layer, whose mount path Express does not keep. */
function mountedRoutes(stack: Layer[], under: Layer | null = null, out: { method: string; path: string; under: Layer | null }[] = []) {
  for (const l of stack) {
    if (l.route) for (const m of Object.keys(l.route.methods)) out.push({ method: m, path: l.route.path, under });
    else if (l.handle?.stack) mountedRoutes(l.handle.stack, l.match?.("/") === false || under ? l : under, out);
  }
  return out;
}

const concrete = (docPath: string) => docPath.replace(/\{\w+\}/g, "x");
const endsWith = (expressPath: string) => new RegExp(`${expressPath.replace(/:\w+/g, "[^/]+")}$`);
/** Whether a documented operation is the mounted route: the route's path ends it, and what comes before is the router's mount path. */
const covers = (d: { method: string; path: string }, r: { method: string; path: string; under: Layer | null }) =>
  d.method === r.method && endsWith(r.path).test(concrete(d.path)) && (r.under ? r.under.match!(concrete(d.path)) : new RegExp(`^${endsWith(r.path).source}`).test(concrete(d.path)));

describe("API descriptions", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app?.stop());

  it("serves an OpenAPI 3.1 document that a third-party validator accepts", async () => {
    const res = await api(app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(res.body));
    expect(result.valid, compileErrors(result)).toBe(true);
    // The same validator refuses a document that breaks the format.
    const broken = structuredClone(res.body);
    broken.paths["/health"].get.responses = { "200": { content: {} } };
    expect((await validate(broken)).valid).toBe(false);
  });

  it("describes every route the server mounts, and no route it does not", async () => {
    const doc = (await api(app).get("/api/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m, path: p })));
    const mounted = mountedRoutes((buildApi(app.ctx) as unknown as { stack: Layer[] }).stack);
    expect(mounted.length).toBeGreaterThan(40);
    const undocumented = mounted.filter((r) => !documented.some((d) => covers(d, r)));
    expect(undocumented.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const unmounted = documented.filter((d) => !mounted.some((r) => covers(d, r)));
    expect(unmounted.map((d) => `${d.method} ${d.path}`)).toEqual([]);
  });

  it("describes entity bodies and rows from the shared zod schemas, and a real row fits its schema's fields", async () => {
    const doc = (await api(app).get("/api/openapi.json")).body;
    const create = doc.paths["/entities/tasks"].post.requestBody.content["application/json"].schema;
    expect(create.required).toEqual(["title"]);
    const row = doc.components.schemas["messages.row"];
    const admin = await makeUser(app, { role: "admin" });
    const ch = await api(app, admin.token).post("/api/entities/channels", { name: "described", type: "public" });
    const msg = await api(app, admin.token).post("/api/entities/messages", { channel_id: ch.body.id, content: "hi" });
    expect(Object.keys(msg.body).sort()).toEqual(Object.keys(row.properties).sort());
    expect([...row.required].sort()).toEqual(Object.keys(row.properties).sort());
  });

  it("serves the socket contract as an AsyncAPI 3 document with every command and push", async () => {
    const res = await api(app).get("/api/asyncapi.json");
    expect(res.status).toBe(200);
    expect(res.body.asyncapi).toBe("3.0.0");
    const ops = res.body.operations as Record<string, { action: string; channel: { $ref: string } }>;
    const events = (action: string) => Object.entries(ops).filter(([, o]) => o.action === action).map(([k]) => res.body.channels[k].address).sort();
    expect(events("send")).toEqual(Object.keys(SOCKET_COMMANDS).sort());
    expect(events("receive")).toEqual(Object.keys(PUSHES).sort());
    expect(events("receive")).toContain("sync.required");
    for (const o of Object.values(ops)) expect(res.body.channels[o.channel.$ref.replace("#/channels/", "")]).toBeDefined();
    // As over REST, a message may have no text when it carries a file.
    expect(res.body.components.messages["command.messages.create"].payload.required).toEqual(["channel_id"]);
  });
});
