import { Router } from "express";
import type { AppContext } from "../context";

// Placeholder: filled in by the entities feature.
export function entityRoutes(_ctx: AppContext): Router {
  void _ctx;
  return Router();
}
