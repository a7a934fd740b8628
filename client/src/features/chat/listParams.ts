// What the chat's first screen lists, as plain parameters: api.ts fetches with them, and the entry
// sends the same requests before the app's JavaScript has arrived (app/firstRequests.ts; README,
// "Cold load"). Nothing heavy here: the entry imports this module.
import { LIMITS } from "@shared/constants";
import type { ListParams, WhereObject } from "../../lib/entityApi";

/** The channel list: most recently active first (the spec's sort). */
export const CHANNEL_LIST_PARAMS: ListParams = { sort: "-last_activity", limit: 500 };

/** A channel's main list: its roots and the replies also sent there (README, "Threads"). */
export const channelList = (channelId: number): WhereObject => ({ channel_id: channelId, or: [{ thread_root_id: null }, { also_to_channel: true }] });

/** One page of a message list, newest first (keyset paging by id: see fetchMessagePage). */
export const messagePageParams = (where: WhereObject, beforeId?: number): ListParams => ({
  where: beforeId == null ? where : { ...where, id: { lt: beforeId } },
  sort: "-id",
  limit: LIMITS.messagePageSize,
});
