import { Router } from "express";
import type { AppContext } from "../context";

// Placeholder: filled in by the webrtc feature.
export function webrtcRoutes(_ctx: AppContext): Router {
  void _ctx;
  return Router();
}
