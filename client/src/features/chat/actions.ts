// Async chat flows: each talks to the server, then hands the result to a chat store action.
// Loading a channel's messages is in loading.ts, which the entry imports (app/prefetch.ts)
// without the socket.
import type { ChatMessage } from "@shared/entities";
import { emitWithAck, getSocket } from "../../realtime/socket";
import { createMessageViaRest } from "./api";
import { useChatStore } from "./store";

export interface OutgoingMessage {
  channel_id: number;
  content: string;
  message_type?: "text" | "file" | "image";
  file_url?: string;
  file_name?: string;
}

/** Sends over the socket (ack after commit); falls back to REST while the socket is down. */
export async function sendMessage(input: OutgoingMessage): Promise<ChatMessage> {
  const message = getSocket()?.connected
    ? await emitWithAck("messages.create", input)
    : await createMessageViaRest({ ...input });
  useChatStore.getState().receive(message);
  return message;
}
