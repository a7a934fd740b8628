// Sending through the outbox (./outboxSend.ts): one at a time in the order written, each with its
// client_id; a network failure keeps the message (and those after it) waiting, shown, until the
// connection is back, when the same client_ids go again in order; a refusal on the first try gives
// the text back to the composer, on a later try stays shown with the error until Retry or Remove.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "@shared/entities";
import { ApiError } from "../../lib/http";
import { RealtimeError } from "../../realtime/socket";
import { chatMessage } from "./testMessage";
import { useOutboxStore } from "./outbox";
import { useChatStore } from "./store";

const rest = vi.hoisted(() => ({ create: vi.fn<(body: Record<string, unknown>) => Promise<ChatMessage>>() }));
vi.mock("./api", async (original) => ({ ...(await original<typeof import("./api")>()), createMessageViaRest: rest.create }));

const { flushOutbox, isTransient, retryOutboxItem, sendThroughOutbox } = await import("./outboxSend");

type Body = { client_id: string; channel_id: number; content: string };
let stored: Body[];
let network: "up" | "down";
let nextId: number;

beforeEach(() => {
  stored = [];
  network = "up";
  nextId = 100;
  useOutboxStore.setState({ owner: 1, items: [] });
  useChatStore.getState().reset();
  // The server: stores each client_id once and answers a second try with the stored message.
  rest.create.mockImplementation(async (body) => {
    if (network === "down") throw new TypeError("Failed to fetch");
    const b = body as Body;
    if (b.content === "refuse me") throw new ApiError("Only managers and admins can mention everyone (@channel, @here)", 403);
    if (!stored.some((s) => s.client_id === b.client_id)) stored.push(b);
    const i = stored.findIndex((s) => s.client_id === b.client_id);
    return chatMessage(nextId + i, { channel_id: b.channel_id, content: stored[i].content, client_id: b.client_id });
  });
});
afterEach(() => vi.unstubAllGlobals());

const text = (content: string) => ({ channel_id: 1, content, message_type: "text" as const });
const shown = () => useOutboxStore.getState().items.map((i) => [i.content, i.state]);

describe("sending through the outbox", () => {
  it("sends with a client_id and forgets the message once the server has it", async () => {
    const sent = await sendThroughOutbox(text("hello"));
    expect(sent?.content).toBe("hello");
    expect(stored).toEqual([expect.objectContaining({ content: "hello", client_id: expect.stringMatching(/^[0-9a-f-]{36}$/) })]);
    expect(useOutboxStore.getState().items).toEqual([]);
  });

  it("keeps messages written without a network waiting, then sends each once, in order, when it is back", async () => {
    network = "down";
    expect(await sendThroughOutbox(text("one"))).toBeNull();
    expect(await sendThroughOutbox(text("two"))).toBeNull();
    expect(shown()).toEqual([
      ["one", "waiting"],
      ["two", "waiting"],
    ]);
    const ids = useOutboxStore.getState().items.map((i) => i.client_id);
    network = "up";
    await flushOutbox();
    await flushOutbox(); // a second reconnect: nothing left to send
    expect(stored.map((s) => [s.content, s.client_id])).toEqual([
      ["one", ids[0]],
      ["two", ids[1]],
    ]);
    expect(useOutboxStore.getState().items).toEqual([]);
  });

  it("waits while the browser says it is offline, without trying", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(await sendThroughOutbox(text("offline"))).toBeNull();
    expect(rest.create).not.toHaveBeenCalledWith(expect.objectContaining({ content: "offline" }));
    vi.stubGlobal("navigator", { onLine: true });
    await flushOutbox();
    expect(stored.map((s) => s.content)).toEqual(["offline"]);
  });

  it("does not double a message whose answer was lost: the next try is answered the stored one", async () => {
    // The server stored it, but the answer never came back.
    rest.create.mockImplementationOnce(async (body) => {
      stored.push(body as Body);
      throw new TypeError("Failed to fetch");
    });
    expect(await sendThroughOutbox(text("once"))).toBeNull();
    await flushOutbox();
    expect(stored.map((s) => s.content)).toEqual(["once"]);
    expect(useOutboxStore.getState().items).toEqual([]);
    expect(useChatStore.getState().byChannel[1]).toBeUndefined(); // never opened here: nothing to extend
  });

  it("gives a refused first try back to the composer, and keeps a refused waiting one with its error until Retry", async () => {
    await expect(sendThroughOutbox(text("refuse me"))).rejects.toThrow("Only managers and admins");
    expect(useOutboxStore.getState().items).toEqual([]);

    network = "down";
    await sendThroughOutbox(text("refuse me"));
    await sendThroughOutbox(text("after it"));
    network = "up";
    await flushOutbox();
    expect(shown()).toEqual([["refuse me", "failed"]]);
    expect(useOutboxStore.getState().items[0].error).toBe("Only managers and admins can mention everyone (@channel, @here)");
    expect(stored.map((s) => s.content)).toEqual(["after it"]);

    const item = useOutboxStore.getState().items[0];
    useOutboxStore.getState().mark(item.client_id, "failed", "still refused");
    retryOutboxItem(item.client_id);
    await flushOutbox();
    expect(shown()).toEqual([["refuse me", "failed"]]);
  });

  it("tells the network's failures from the server's refusals", () => {
    expect(isTransient(new TypeError("Failed to fetch"))).toBe(true);
    expect(isTransient(new ApiError("Bad gateway", 502))).toBe(true);
    expect(isTransient(new ApiError("Too many requests", 429))).toBe(true);
    expect(isTransient(new RealtimeError("Timed out"))).toBe(true);
    expect(isTransient(new RealtimeError("Not connected"))).toBe(true);
    expect(isTransient(new ApiError("Insert failed: content: too long", 400))).toBe(false);
    expect(isTransient(new ApiError("Channel not found", 404))).toBe(false);
    expect(isTransient(new RealtimeError("Channel not found"))).toBe(false);
  });
});
