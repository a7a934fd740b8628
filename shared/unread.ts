// The read-position arithmetic (docs/unread.md), one copy for the server's command and the web
// client. A position is the id of the newest message read in a channel (0: none); a message is
// unread when its id is greater and someone else sent it. Everything is a comparison of ids, so a
// position naming a deleted message still works, and counts follow the messages that exist.

/** What a message needs for the arithmetic. */
export interface Countable {
  id: number;
  sender_email: string;
}

const mine = (m: Countable, me: string | null | undefined) => !!me && m.sender_email.toLowerCase() === me.toLowerCase();

/** Whether `m` is unread for `me` at `position`. */
export const isUnread = (m: Countable, position: number, me: string | null | undefined): boolean => m.id > position && !mine(m, me);

/** How many of `messages` are unread for `me` at `position`. */
export function countUnread(messages: readonly Countable[], position: number, me: string | null | undefined): number {
  let n = 0;
  for (const m of messages) if (isUnread(m, position, me)) n++;
  return n;
}

/** The first unread message (messages oldest first): where the "New messages" divider goes. */
export function firstUnread<M extends Countable>(messages: readonly M[], position: number, me: string | null | undefined): M | undefined {
  return messages.find((m) => isUnread(m, position, me));
}

/**
 * Reading moves the position forward only: to what was seen, but never past the channel's newest
 * message (`newest`, 0 for none), so a wrong id cannot mark messages not yet written as read.
 */
export function readPosition(current: number, seen: number, newest: number): number {
  return Math.max(current, Math.min(seen, newest));
}

/** "Mark as unread" puts the position just before the chosen message, back or forth. */
export const unreadPosition = (messageId: number): number => Math.max(0, messageId - 1);
