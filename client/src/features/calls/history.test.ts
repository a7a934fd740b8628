import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import type { CallRecord } from "@shared/realtime";
import { queryClient } from "../../app/queryClient";
import { callKeys, refreshCallHistory, upsertCallInHistory } from "./api";

const call = (status: string): CallRecord =>
  ({ id: 1, call_id: "c1", recording: { recording_status: status } }) as unknown as CallRecord;

/** The server's copy of the history, and a history query that reads it (slowly, when asked to). */
function harness(firstAnswerHeld = false) {
  let server = [call("processing")];
  let hold: Promise<void> | null = null;
  let releaseFirst = () => {};
  if (firstAnswerHeld) hold = new Promise<void>((r) => (releaseFirst = r));
  const observer = new QueryObserver<CallRecord[]>(queryClient, {
    queryKey: callKeys.history,
    queryFn: async () => {
      const read = server; // the server answers with what it holds when the request arrives
      const held = hold;
      hold = null;
      if (held) await held;
      return read;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  const shown = () => queryClient.getQueryData<CallRecord[]>(callKeys.history)?.[0]?.recording?.recording_status;
  const settled = async () => {
    for (let i = 0; i < 50 && queryClient.isFetching({ queryKey: callKeys.history }) > 0; i++) await new Promise((r) => setTimeout(r, 5));
  };
  return {
    releaseFirst,
    setServer: (status: string) => (server = [call(status)]),
    holdNextAnswer: () => {
      let release!: () => void;
      hold = new Promise<void>((r) => (release = r));
      return release;
    },
    shown,
    settled,
    unsubscribe,
  };
}

describe("call history kept current by calls.update", () => {
  afterEach(() => queryClient.clear());

  it("a push that lands while the history is being fetched is not overwritten by that older answer", async () => {
    const h = harness();
    await h.settled();
    const release = h.holdNextAnswer();
    void queryClient.refetchQueries({ queryKey: callKeys.history }); // reads "processing", answers late
    await new Promise((r) => setTimeout(r, 5));
    h.setServer("completed");
    upsertCallInHistory(call("completed")); // the push arrives before the answer
    release();
    await h.settled();
    expect(h.shown()).toBe("completed");
    h.unsubscribe();
  });

  it("session.ready fetches again, so a change pushed before the socket joined its rooms is shown", async () => {
    const h = harness();
    await h.settled();
    expect(h.shown()).toBe("processing");
    h.setServer("completed"); // pushed while this page's socket was not yet in its rooms: missed
    await refreshCallHistory();
    await h.settled();
    expect(h.shown()).toBe("completed");
    h.unsubscribe();
  });

  it("a push that lands while the page's first fetch is under way (nothing shown yet) is not lost to that fetch's older answer", async () => {
    const h = harness(true); // the page has just opened: its first fetch read "processing" and has not answered
    await new Promise((r) => setTimeout(r, 5));
    h.setServer("completed");
    upsertCallInHistory(call("completed")); // nothing to update in place yet: the fetch under way must not win
    h.releaseFirst();
    await new Promise((r) => setTimeout(r, 5));
    await h.settled();
    expect(h.shown()).toBe("completed");
    h.unsubscribe();
  });
});
