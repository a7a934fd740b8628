// GET /api/openapi.json and /api/asyncapi.json: the API descriptions for client authors, public
// like the API's shape itself (docs/operations.md, "API descriptions").
import { Router } from "express";
import { openApiDocument } from "./document";
import { asyncApiDocument } from "./asyncapi";

export function apiDescriptions(): Router {
  const r = Router();
  r.get("/openapi.json", (_req, res) => {
    res.json(openApiDocument());
  });
  r.get("/asyncapi.json", (_req, res) => {
    res.json(asyncApiDocument());
  });
  return r;
}
