// Read receipts, "Seen by" (docs/messages.md, "Mentions and read receipts"): the read positions of the other
// members of a dm or a small channel, as the server lets this person see them (only between people
// who have read receipts on). Loaded per channel from GET /api/chat/receipts when a message of
// mine is on screen, kept live by `channel_receipts.update`, loaded again on every session.ready
// (the pushes are not in the change feed, so a reconnect asks again).
import { create } from "zustand";
import type { ChannelReceipt, ChannelReceipts } from "@shared/entities";
import { request } from "../../lib/http";
import { addSocketHandlers } from "../../realtime/socket";
import { onTableChange } from "../../realtime/feed";

interface ChannelSeen {
  enabled: boolean;
  /** Each member's position, by lower-case e-mail. */
  positions: Record<string, number>;
}

interface ReceiptsState {
  byChannel: Record<number, ChannelSeen>;
  set: (r: ChannelReceipts) => void;
  apply: (r: ChannelReceipt) => void;
  /** Someone turned receipts off: their position is no longer shown anywhere. */
  drop: (email: string) => void;
  reset: () => void;
}

export const useReceiptsStore = create<ReceiptsState>()((set) => ({
  byChannel: {},
  set: (r) =>
    set((s) => ({
      byChannel: { ...s.byChannel, [r.channel_id]: { enabled: r.enabled, positions: Object.fromEntries(r.receipts.map((x) => [x.user_email, x.last_read_message_id])) } },
    })),
  // The server sends these only to people who see receipts, so a push also says they are on here.
  apply: (r) =>
    set((s) => {
      const current = s.byChannel[r.channel_id];
      if (!current) return s;
      return { byChannel: { ...s.byChannel, [r.channel_id]: { enabled: true, positions: { ...current.positions, [r.user_email]: r.last_read_message_id } } } };
    }),
  drop: (email) =>
    set((s) => ({
      byChannel: Object.fromEntries(
        Object.entries(s.byChannel).map(([id, c]) => {
          const { [email]: _gone, ...positions } = c.positions;
          void _gone;
          return [id, { ...c, positions }];
        }),
      ),
    })),
  reset: () => set({ byChannel: {} }),
}));

const loading = new Set<number>();

/** GET /api/chat/receipts for a channel, once at a time. */
export function loadReceipts(channelId: number): void {
  if (loading.has(channelId)) return;
  loading.add(channelId);
  request<ChannelReceipts>(`/chat/receipts?channel_id=${channelId}`)
    .then((r) => useReceiptsStore.getState().set(r))
    .catch((err: unknown) => console.error("Loading read receipts failed", err))
    .finally(() => loading.delete(channelId));
}

/** Loads a channel's receipts unless already there. */
export function ensureReceipts(channelId: number): void {
  if (!useReceiptsStore.getState().byChannel[channelId]) loadReceipts(channelId);
}

/** The receipts setting changed: forget what was shown, so it is asked for again under the new rule. */
export function resetReceipts(): void {
  useReceiptsStore.getState().reset();
}

/**
 * Which of my messages shows "Seen by": my newest message that someone has read (others' positions
 * reach it), or undefined. `mine` are the ids of my loaded messages.
 */
export function seenTarget(mine: readonly number[], positions: Record<string, number>): number | undefined {
  const furthest = Math.max(0, ...Object.values(positions));
  let target: number | undefined;
  for (const id of mine) if (id <= furthest && (target === undefined || id > target)) target = id;
  return target;
}

/** Who has read message `id` (their positions reach it), by e-mail. */
export const seenBy = (id: number, positions: Record<string, number>): string[] =>
  Object.entries(positions)
    .filter(([, p]) => p >= id)
    .map(([email]) => email);

const reloadShown = () => {
  for (const id of Object.keys(useReceiptsStore.getState().byChannel)) loadReceipts(Number(id));
};

/**
 * The socket's part: live moves, and a fresh load of what is shown after every (re)connection.
 * Someone's setting is on their users row, which reaches everyone: off hides their position at
 * once; on asks again (the server decides what may be shown).
 */
export function registerReceiptsSocket(): () => void {
  const offSocket = addSocketHandlers((socket) => {
    socket.on("channel_receipts.update", (r) => useReceiptsStore.getState().apply(r));
    socket.on("session.ready", reloadShown);
  });
  // Only a change of the setting matters (users rows change for many reasons, status included).
  const turnedOff = new Set<string>();
  const offUsers = onTableChange("users", (change) => {
    if (change.op === "delete" || !change.row) return;
    const email = change.row.email.toLowerCase();
    if (change.row.enable_read_receipts === false) {
      turnedOff.add(email);
      useReceiptsStore.getState().drop(email);
    } else if (turnedOff.delete(email)) reloadShown();
  });
  return () => {
    offSocket();
    offUsers();
  };
}
