// The feature areas: their HTTP routes and socket commands, mounted in one place.
import type { Router } from "express";
import type { AppContext } from "../context";
import type { CommandTable } from "../realtime/dispatcher";
import { entityRoutes } from "../entities/route";
import { fileRoutes } from "./files/routes";
import { invitationRoutes } from "./invitations/routes";
import { adminRoutes } from "./admin/routes";
import { webrtcRoutes } from "./calls/routes";
import { calendarRoutes } from "./calendar/routes";
import { chatCommands } from "./chat/commands";
import { chatRoutes } from "./chat/routes";
import { callCommands } from "./calls/commands";
import { sfuCommands } from "./sfu/commands";
import { presenceCommands } from "./presence/commands";
import { notesRoutes } from "./notes/routes";
import { approvalsRoutes } from "./approvals/routes";
import { searchRoutes } from "./search/routes";
import { notificationRoutes } from "./notifications/routes";
import { notificationCommands } from "./notifications/commands";
import { wireTimeOffPresence } from "./presence/time-off-sync";
import { changesRoutes } from "../feed/routes";
import { feedCommands } from "../feed/commands";
import { entityCommands } from "../entities/commands";
import { integrationRoutes } from "./integrations/routes";
import { linkPreviewConsumer } from "./link-previews/consumer";
import { startLinkPreviewWorker } from "./link-previews/worker";
import { keepRoutes } from "./keep/routes";
import { slashCommandRoutes } from "./slash-commands/routes";
import { sidebarRoutes } from "./sidebar/routes";
import { sidebarCommands } from "./sidebar/commands";

export function mountFeatureRoutes(api: Router, ctx: AppContext): void {
  api.use(fileRoutes(ctx));
  api.use(invitationRoutes(ctx));
  api.use(adminRoutes(ctx));
  api.use(webrtcRoutes(ctx));
  api.use(notesRoutes(ctx));
  api.use(approvalsRoutes(ctx));
  api.use(searchRoutes(ctx));
  api.use(chatRoutes(ctx));
  api.use(keepRoutes(ctx));
  wireTimeOffPresence(ctx);
  api.use(calendarRoutes(ctx));
  // Link previews are fetched by their worker from what their feed consumer queues (docs/integrations.md).
  api.use(notificationRoutes(ctx, [linkPreviewConsumer(ctx, startLinkPreviewWorker(ctx).wake)]));
  api.use(integrationRoutes(ctx));
  api.use(slashCommandRoutes(ctx));
  api.use(sidebarRoutes(ctx));
  api.use(changesRoutes(ctx));
  api.use(entityRoutes(ctx));
}

export const SOCKET_COMMANDS: CommandTable = {
  ...entityCommands,
  ...chatCommands, ...callCommands, ...sfuCommands, ...presenceCommands, ...feedCommands, ...notificationCommands, ...sidebarCommands };
