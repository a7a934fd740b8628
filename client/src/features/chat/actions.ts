// Async chat flows: each talks to the server, then hands the result to a chat store action.
// Loading a channel's messages is in loading.ts, which the entry imports (app/prefetch.ts)
// without the socket.
import type { ChatMessage } from "@shared/entities";
import { sendThroughOutbox } from "./outboxSend";

export interface OutgoingMessage {
  channel_id: number;
  content: string;
  message_type?: "text" | "file" | "image";
  file_url?: string;
  file_name?: string;
}

/**
 * Sends over the socket (ack after commit), over REST while the socket is down, always with a
 * client_id; without a network it waits in the outbox (./outboxSend.ts) and resolves with null.
 */
export function sendMessage(input: OutgoingMessage): Promise<ChatMessage | null> {
  return sendThroughOutbox({ ...input, message_type: input.message_type ?? "text" });
}
