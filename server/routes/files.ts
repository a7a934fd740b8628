import { Router } from "express";
import type { AppContext } from "../context";

// Placeholder: filled in by the files feature.
export function fileRoutes(_ctx: AppContext): Router {
  void _ctx;
  return Router();
}
