import { afterEach, describe, expect, it } from "vitest";
import { useCallsStore } from "./store";

const store = () => useCallsStore.getState();
const person = (user_id: number, muted: boolean, in_call = true) => ({ user_id, muted, in_call });

describe("who is muted, from the call's record (calls.mute)", () => {
  afterEach(() => store().reset());

  it("marks the people whose microphone is off, and only those still in the call", () => {
    store().setMicOff([person(1, true), person(2, false), person(3, true, false)]);
    expect(store().micOff).toEqual({ 1: true });
  });

  it("follows them as they toggle, live", () => {
    store().setMicOff([person(1, true), person(2, false)]);
    store().setMicOff([person(1, false), person(2, true)]);
    expect(store().micOff).toEqual({ 2: true });
    store().setMicOff([person(1, false), person(2, false)]);
    expect(store().micOff).toEqual({});
  });

  it("keeps the flags of people whose tile is not there yet (the record came first)", () => {
    store().setMicOff([person(7, true)]);
    expect(store().participants[7]).toBeUndefined();
    store().setParticipant(7, { name: "Jordan Lee", state: "connecting" });
    expect(store().micOff[7]).toBe(true);
  });

  it("changes nothing, and wakes no one, when nobody's microphone changed", () => {
    store().setMicOff([person(1, true)]);
    const before = store().micOff;
    let woken = 0;
    const off = useCallsStore.subscribe(() => (woken += 1));
    store().setMicOff([person(1, true), person(2, false)]);
    off();
    expect(store().micOff).toBe(before);
    expect(woken).toBe(0);
  });

  it("forgets everyone when the call is over", () => {
    store().setMicOff([person(1, true)]);
    store().reset();
    expect(store().micOff).toEqual({});
  });
});
