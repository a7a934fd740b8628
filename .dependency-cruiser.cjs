// Architecture guards, run by `npm run lint` (DESIGN.md sections 1 and 7).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Modules form no import cycle.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-not-server",
      severity: "error",
      comment: "The browser bundle never imports server code; shared/ is the common ground.",
      from: { path: "^client/" },
      to: { path: "^(server|bench)/" },
    },
    {
      name: "server-not-client",
      severity: "error",
      from: { path: "^(server|bench)/" },
      to: { path: "^client/" },
    },
    {
      name: "shared-is-a-leaf",
      severity: "error",
      comment: "shared/ is imported by both sides and imports neither.",
      from: { path: "^shared/" },
      to: { path: "^(client|server|bench)/" },
    },
    {
      name: "client-feature-internals",
      severity: "error",
      comment: "A client feature uses another feature's top-level modules (api, store, hooks), never its components or engine.",
      from: { path: "^client/src/features/([^/]+)/" },
      to: { path: "^client/src/features/[^/]+/.+/", pathNot: "^client/src/features/$1/" },
    },
    {
      name: "client-feature-pages",
      severity: "error",
      comment: "Pages are mounted by the router, not by other features.",
      from: { path: "^client/src/features/([^/]+)/" },
      to: { path: "^client/src/features/[^/]+/[^/]+Page\\.tsx$", pathNot: "^client/src/features/$1/" },
    },
    {
      name: "ui-is-generic",
      severity: "error",
      comment: "ui/ primitives know no feature.",
      from: { path: "^client/src/(ui|lib)/" },
      to: { path: "^client/src/(features|app)/" },
    },
    {
      name: "server-feature-internals",
      severity: "error",
      comment: "A server feature may call another's policy or service, never its routes, socket commands or write hooks.",
      from: { path: "^server/features/([^/]+)/" },
      to: { path: "^server/features/[^/]+/(routes|commands|hooks)\\.ts$", pathNot: "^server/features/$1/" },
    },
    {
      name: "only-realtime-touches-io",
      severity: "error",
      comment: "Services push through the RealtimeHub; only server/realtime/ holds Socket.IO.",
      from: { path: "^server/", pathNot: "^server/realtime/|\\.test\\.ts$|^server/test/" },
      to: { path: "node_modules/(socket\\.io|@socket\\.io)/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/|\\.d\\.ts$" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
