// The outbox (docs/messages.md, "Sent when back online"): every message this browser sends is
// kept here, under the client_id it is sent with, until the server has answered it. One the
// network did not carry stays, across reloads (localStorage, per signed-in person), shown greyed
// where it was written, and is sent again when the connection is back, in the order written
// (./outboxSend.ts). The client_id makes a second try of a message the server already stored
// answer that message, so a lost answer never doubles it.
import { create } from "zustand";

export type OutboxItemState = "sending" | "waiting" | "failed";

export interface OutboxItem {
  client_id: string;
  channel_id: number;
  /** A reply's thread (docs/threads.md); null for a message of the channel. */
  thread_root_id: number | null;
  also_to_channel: boolean;
  content: string;
  message_type: "text" | "file" | "image";
  file_url?: string;
  file_name?: string;
  written_at: number;
  /**
   * sending: its first try is under way (not shown); waiting: shown, sent when the connection is
   * back; failed: the server refused it (`error`), shown with Retry and Remove.
   */
  state: OutboxItemState;
  error?: string;
}

export type NewOutboxItem = Omit<OutboxItem, "client_id" | "written_at" | "state" | "error" | "thread_root_id" | "also_to_channel"> &
  Partial<Pick<OutboxItem, "thread_root_id" | "also_to_channel">>;

type OutboxStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const PREFIX = "teamspace:outbox:";

function defaultStorage(): OutboxStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** A UUID (v4) for a new message; crypto.randomUUID exists only on secure origins, getRandomValues everywhere. */
export function newClientId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const TYPES = ["text", "file", "image"];

/** A stored item as written by this code (anything else in storage is dropped, not trusted). */
function isItem(v: unknown): v is OutboxItem {
  const o = v as Partial<OutboxItem> | null;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.client_id === "string" &&
    Number.isInteger(o.channel_id) &&
    (o.thread_root_id === null || Number.isInteger(o.thread_root_id)) &&
    typeof o.content === "string" &&
    TYPES.includes(o.message_type as string) &&
    typeof o.written_at === "number" &&
    (o.state === "sending" || o.state === "waiting" || o.state === "failed")
  );
}

/** One person's kept items, in the order written; an item a closed page left "sending" may not have arrived: it waits. */
export function loadOutbox(owner: number, storage = defaultStorage()): OutboxItem[] {
  if (!storage) return [];
  try {
    const list: unknown = JSON.parse(storage.getItem(PREFIX + owner) ?? "[]");
    if (!Array.isArray(list)) return [];
    return list.filter(isItem).map((i) => (i.state === "sending" ? { ...i, state: "waiting" } : i));
  } catch {
    return [];
  }
}

function saveOutbox(owner: number, items: OutboxItem[], storage = defaultStorage()): void {
  if (!storage) return;
  try {
    if (items.length) storage.setItem(PREFIX + owner, JSON.stringify(items));
    else storage.removeItem(PREFIX + owner);
  } catch {
    // Storage full or disabled: the outbox lives as long as the page.
  }
}

interface OutboxState {
  /** The signed-in person whose outbox this is (null: nobody). */
  owner: number | null;
  items: OutboxItem[];
  /** Loads a person's outbox (on sign-in, or another person signing in). */
  open: (owner: number | null) => void;
  add: (item: NewOutboxItem) => OutboxItem;
  /** Moves an item to a state (`error` with failed). */
  mark: (clientId: string, state: OutboxItemState, error?: string) => void;
  remove: (clientId: string) => void;
}

/** The outbox store; `storage` is for tests (localStorage by default). */
export function createOutboxStore(storage: OutboxStorage | null = defaultStorage()) {
  return create<OutboxState>()((set, get) => {
    const put = (items: OutboxItem[]) => {
      set({ items });
      const owner = get().owner;
      if (owner != null) saveOutbox(owner, items, storage);
    };
    return {
      owner: null,
      items: [],
      open: (owner) => {
        if (owner === get().owner) return;
        set({ owner, items: owner == null ? [] : loadOutbox(owner, storage) });
      },
      add: (input) => {
        const item: OutboxItem = { thread_root_id: null, also_to_channel: false, ...input, client_id: newClientId(), written_at: Date.now(), state: "sending" };
        put([...get().items, item]);
        return item;
      },
      mark: (clientId, state, error) =>
        put(get().items.map((i) => (i.client_id === clientId ? { ...i, state, ...(state === "failed" ? { error } : { error: undefined }) } : i))),
      remove: (clientId) => put(get().items.filter((i) => i.client_id !== clientId)),
    };
  });
}

export const useOutboxStore = createOutboxStore();

/** The items shown in a place (a channel's list, or a thread), in the order written: those not on their first try. */
export function shownIn(items: readonly OutboxItem[], place: { channelId: number } | { threadRootId: number }): OutboxItem[] {
  return items.filter(
    (i) =>
      i.state !== "sending" &&
      ("channelId" in place ? i.channel_id === place.channelId && (i.thread_root_id == null || i.also_to_channel) : i.thread_root_id === place.threadRootId),
  );
}
