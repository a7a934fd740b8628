// The calls and presence API (docs/protocol.md, "Signal delivery"): the polling-compatible shim beside the
// socket commands. Both call the same services, so a client that only polls GET get-signals
// every second can call, and be called by, a socket client.
import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, headerToken, requireAuth } from "../../auth/middleware";
import { HttpError, badRequest, forbidden, zodMessage } from "../../errors";
import { LIMITS } from "@shared/constants";
import { callAnswerInput, callEndInput, callInitiateGroupInput, callInitiateInput, meetingJoinInput, presenceUpdateInput, signalSendInput } from "@shared/realtime";
import { answerCall, endCall, initiateCall } from "./service";
import { iceServersFor } from "./turn";
import { meetingRoom } from "./meetings";
import { meetingChannel } from "./meeting-chat";
import { callHistory } from "./records";
import { claimPendingSignals } from "./signals";
import { relaySignal } from "./signals-relay";
import { metricsRoutes } from "../../metrics";

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw badRequest(zodMessage(r.error));
  return r.data;
}

// Form bodies carry lists as JSON text or "1,2,3".
const idList = (v: unknown) => {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t.startsWith("[")) {
    try {
      return JSON.parse(t);
    } catch {
      return v;
    }
  }
  return t.split(",").map((s) => s.trim()).filter(Boolean);
};

export const SIGNALS_NEED_BEARER = "Fetching signals needs the Authorization: Bearer token; the sign-in cookie alone is not accepted here";

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.listMaxLimit).default(LIMITS.callHistoryPageSize),
  offset: z.coerce.number().int().min(0).default(0),
});

export function webrtcRoutes(ctx: AppContext): Router {
  const r = Router();
  r.use(metricsRoutes(ctx));
  const w = Router();
  w.use(requireAuth);

  const hub = () => {
    if (!ctx.realtime) throw new HttpError(503, "Realtime is not running");
    return ctx.realtime;
  };

  w.get("/get-signals", async (req, res) => {
    const user = currentUser(req);
    // Fetching claims the signals (marks them delivered). A GET carrying only the cookie could be
    // sent by any site the user visits, so it may not change that; the polling clients send the token.
    if (!headerToken(req)) throw new HttpError(403, SIGNALS_NEED_BEARER);
    await hub().presence.polled(user.id);
    res.json(await claimPendingSignals(ctx, user.id));
  });

  w.post("/send-signal", async (req, res) => {
    const user = currentUser(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.from_user_id !== undefined && body.from_user_id !== "" && Number(body.from_user_id) !== user.id) throw forbidden();
    const input = parse(signalSendInput, body);
    res.json({ success: true, ...(await relaySignal(ctx, user, input)) });
  });

  w.post("/initiate-call", async (req, res) => {
    const input = parse(callInitiateInput, req.body);
    res.json(await initiateCall(ctx, currentUser(req), [input.target_user_id], input.call_type, false));
  });

  w.post("/initiate-group-call", async (req, res) => {
    const body = { ...(req.body ?? {}) } as Record<string, unknown>;
    body.target_user_ids = idList(body.target_user_ids ?? body.participant_ids);
    const input = parse(callInitiateGroupInput, body);
    res.json(await initiateCall(ctx, currentUser(req), input.target_user_ids, input.call_type, true));
  });

  w.post("/answer-call", async (req, res) => {
    const input = parse(callAnswerInput, req.body);
    res.json({ success: true, ...(await answerCall(ctx, currentUser(req), input.call_id, input.accepted, input.reason)) });
  });

  w.post("/end-call", async (req, res) => {
    const input = parse(callEndInput, req.body);
    res.json({ success: true, ...(await endCall(ctx, currentUser(req), input.call_id)) });
  });

  w.post("/update-presence", async (req, res) => {
    const input = parse(presenceUpdateInput, req.body);
    res.json(await hub().presence.setStatus(currentUser(req).id, input.status));
  });

  w.get("/call-history", async (req, res) => {
    const q = parse(historyQuery, req.query);
    res.json(await callHistory(ctx.db, currentUser(req).id, q.limit, q.offset));
  });

  w.get("/meetings/:meetingId", async (req, res) => {
    const id = parse(meetingJoinInput, { meeting_id: req.params.meetingId }).meeting_id;
    res.json(await meetingRoom(ctx, currentUser(req), id));
  });

  w.post("/meetings/:meetingId/chat", async (req, res) => {
    const id = parse(meetingJoinInput, { meeting_id: req.params.meetingId }).meeting_id;
    res.json(await meetingChannel(ctx, currentUser(req), id));
  });

  w.get("/config", (req, res) => {
    res.json({
      iceServers: iceServersFor(ctx.config, currentUser(req).id),
      sfu: Boolean(ctx.config.janusUrl),
      meshMax: ctx.config.meshMax,
      // Who records a call through the SFU: Janus on the server (JANUS_REC_DIR set), or a browser.
      sfuRecording: ctx.config.janusUrl && ctx.config.janusRecDir ? "server" : "browser",
    });
  });

  r.use("/webrtc", w);
  return r;
}
