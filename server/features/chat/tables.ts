// The chat feature's entity tables as the engine sees them (docs/architecture.md, "Adding a table").
import { rooms } from "@shared/realtime";
import type { TableFeature } from "../../entities/policy";
import { channelsPolicy } from "./channels.policy";
import { messagesPolicy } from "./messages.policy";
import { messageReactionsPolicy } from "./reactions.policy";
import { messageEditsPolicy } from "./edits.policy";
import { channelReadsPolicy } from "./reads.policy";
import { threadFollowsPolicy } from "./threads.policy";
import { channelsHooks, messageReactionsHooks, messagesHooks } from "./hooks";
import { channelReadsHooks } from "./reads";
import { threadFollowsHooks } from "./threads";

// A channel is also the room its messages go to: delivery moves its readers in and out of it.
export const channelsTable: TableFeature<"channels"> = { policy: channelsPolicy, hooks: channelsHooks, room: rooms.channel };
export const messagesTable: TableFeature<"messages"> = { policy: messagesPolicy, hooks: messagesHooks };
export const messageReactionsTable: TableFeature<"message_reactions"> = { policy: messageReactionsPolicy, hooks: messageReactionsHooks };
export const messageEditsTable: TableFeature<"message_edits"> = { policy: messageEditsPolicy };
export const channelReadsTable: TableFeature<"channel_reads"> = { policy: channelReadsPolicy, hooks: channelReadsHooks };
export const threadFollowsTable: TableFeature<"thread_follows"> = { policy: threadFollowsPolicy, hooks: threadFollowsHooks };
