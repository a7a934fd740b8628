// Chat opens where the person left it: the channel viewed last, remembered per user in this
// browser (two people sharing a browser each get their own), else #general.
import type { Channel } from "@shared/entities";

const key = (userId: number) => `chat-last-channel:${userId}`;

export function rememberChannel(userId: number, channelId: number): void {
  try {
    localStorage.setItem(key(userId), String(channelId));
  } catch {
    // A full or disabled storage only costs opening on #general next time.
  }
}

export function lastChannelId(userId: number): number | null {
  try {
    return Number(localStorage.getItem(key(userId))) || null;
  } catch {
    return null;
  }
}

/** The channel to open: the last one viewed if it is still there, else #general, else the busiest. */
export function channelToOpen(channels: readonly Channel[], lastId: number | null): Channel | undefined {
  return (
    channels.find((c) => c.id === lastId) ??
    channels.find((c) => c.is_system && c.name === "general") ??
    channels.find((c) => c.is_system) ??
    channels[0]
  );
}
