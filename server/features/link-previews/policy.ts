// message_link_previews (docs/integrations.md, "Link previews"): a message's previews are read as
// its channel's messages are, and only once fetched (status ready: a pending, failed or removed
// preview is nobody's to see). No client creates or changes one; the message's author removes one
// (`message_link_previews.delete`, ./hooks.ts).
import { sql } from "kysely";
import type { TablePolicy } from "../../entities/policy";
import { emailOf } from "../../entities/policy-helpers";
import { canReadChannelRow, channelRowAudience } from "../chat/channel-rows";
import { channelReadableBy } from "../chat/channels.policy";

export const PREVIEWS_BY_SERVER = "Link previews are made by the server from the message's links";
export const PREVIEW_AUTHOR_ONLY = "Only the message's author may remove its link preview";

export const messageLinkPreviewsPolicy: TablePolicy<"message_link_previews"> = {
  readFilter: (user) => (eb) =>
    eb.and([
      eb("message_link_previews.status", "=", "ready"),
      eb("message_link_previews.channel_id", "in", eb.selectFrom("channels").select("channels.id").where(channelReadableBy(sql<string>`${emailOf(user)}`))),
    ]),
  audience: channelRowAudience,
  canRead: (user, row, related) => row.status === "ready" && canReadChannelRow(user, row, related),
  canCreate: () => PREVIEWS_BY_SERVER,
  canUpdate: () => PREVIEWS_BY_SERVER,
  // Removing needs the message: ./hooks.ts.
  canDelete: () => PREVIEW_AUTHOR_ONLY,
  serverFields: { create: () => ({}) },
};
