// Kept apart from the entity definitions (./entities, built on zod) so the client's entry can use
// it without loading zod before the first paint (docs/benchmarks.md, "Cold load").
import type { ChatMessage } from "./entities/messages";

/** Whether a message shows in its channel's main list: every root, and replies also sent there (docs/threads.md). */
export const inChannelList = (m: Pick<ChatMessage, "thread_root_id" | "also_to_channel">): boolean => m.thread_root_id == null || m.also_to_channel;
