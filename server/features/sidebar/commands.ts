// The sidebar over the socket (./sections.ts): the same commands as its REST routes (./routes.ts).
import { sidebarMoveInput, sidebarOrderInput, sidebarSetupInput } from "@shared/realtime";
import { command } from "../../realtime/dispatcher";
import type { User } from "../../db/schema";
import { moveChannel, orderSections, setupSidebar } from "./sections";

export const sidebarCommands = {
  "sidebar_sections.setup": command(sidebarSetupInput, (ctx, _hub, socket) => setupSidebar(ctx, socket.data.u as User)),
  "sidebar_sections.move": command(sidebarMoveInput, (ctx, _hub, socket, input) =>
    moveChannel(ctx, socket.data.u as User, { channel_id: Number(input.channel_id), section_id: Number(input.section_id), index: input.index }),
  ),
  "sidebar_sections.order": command(sidebarOrderInput, (ctx, _hub, socket, input) => orderSections(ctx, socket.data.u as User, { ids: input.ids.map(Number) })),
};
