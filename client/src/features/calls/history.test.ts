import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import type { CallRecord } from "@shared/realtime";
import { queryClient } from "../../app/queryClient";
import { callKeys, refreshCallHistory, upsertCallInHistory } from "./api";

const call = (status: string): CallRecord =>
  ({ id: 1, call_id: "c1", recording: { recording_status: status } }) as unknown as CallRecord;

/** The server's copy of the history, and a history query that reads it (slowly, when asked to). */
function harness() {
  let server = [call("processing")];
  let hold: Promise<void> | null = null;
  const observer = new QueryObserver<CallRecord[]>(queryClient, {
    queryKey: callKeys.history,
    queryFn: async () => {
      const read = server; // the server answers with what it holds when the request arrives
      if (hold) await hold;
      return read;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  const shown = () => queryClient.getQueryData<CallRecord[]>(callKeys.history)?.[0]?.recording?.recording_status;
  const settled = async () => {
    for (let i = 0; i < 50 && queryClient.isFetching({ queryKey: callKeys.history }) > 0; i++) await new Promise((r) => setTimeout(r, 5));
  };
  return {
    setServer: (status: string) => (server = [call(status)]),
    holdNextAnswer: () => {
      let release!: () => void;
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
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
    refreshCallHistory();
    await h.settled();
    expect(h.shown()).toBe("completed");
    h.unsubscribe();
  });
});
