// The feature areas of the API and the realtime layer, mounted in one place.
import type { Router } from "express";

import type { AppContext } from "./context";
import { entityRoutes } from "./routes/entities";
import { fileRoutes } from "./routes/files";
import { webrtcRoutes } from "./routes/webrtc";
export { attachRealtime } from "./realtime";

export function mountFeatureRoutes(api: Router, ctx: AppContext): void {
  api.use(fileRoutes(ctx));
  api.use(webrtcRoutes(ctx));
  api.use(entityRoutes(ctx));
}


