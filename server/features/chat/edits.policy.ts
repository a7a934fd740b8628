// message_edits: the earlier versions of a message, readable by whoever can read its channel and
// written only by `messages.update` (./hooks.ts), in the same transaction as the edit; no client
// creates, changes or deletes one (docs/messages.md, "Reactions and edits").
import type { TablePolicy } from "../../entities/policy";
import { canReadChannelRow, channelRowAudience, channelRowReadFilter } from "./channel-rows";

export const EDITS_READ_ONLY = "Earlier versions are recorded by editing the message (messages.update)";

export const messageEditsPolicy: TablePolicy<"message_edits"> = {
  readFilter: channelRowReadFilter,
  audience: channelRowAudience,
  canRead: canReadChannelRow,
  canCreate: () => EDITS_READ_ONLY,
  canUpdate: () => EDITS_READ_ONLY,
  canDelete: () => EDITS_READ_ONLY,
  serverFields: { create: () => ({}) },
};
