import { describe, expect, it } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { refetchAfterChange } from "./queryClient";

/** A list on screen whose first fetch reads the server before a change and answers after it. */
function listOnScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = { value: "processing", reads: 0 };
  let answer!: () => void;
  const observer = new QueryObserver(client, {
    queryKey: ["call-history"],
    queryFn: ({ signal }) => {
      const read = server.value;
      server.reads++;
      if (server.reads > 1) return Promise.resolve(read);
      // The first read is slow to come back (and gives up when cancelled).
      return new Promise<string>((resolve, reject) => {
        answer = () => resolve(read);
        signal.addEventListener("abort", () => reject(signal.reason));
      });
    },
  });
  const seen: (string | undefined)[] = [];
  const unsubscribe = observer.subscribe((r) => seen.push(r.data));
  const settled = () =>
    new Promise<string | undefined>((resolve) => {
      const check = () => {
        const s = client.getQueryState(["call-history"]);
        if (s?.fetchStatus === "idle" && s.data !== undefined) resolve(s.data as string);
        else setTimeout(check, 5);
      };
      check();
    });
  return { client, server, answer: () => answer(), seen, unsubscribe, settled };
}

describe("refetchAfterChange", () => {
  it("a change pushed while the first fetch is under way: the list ends up with the change", async () => {
    const list = listOnScreen();
    await new Promise((r) => setTimeout(r, 10));
    list.server.value = "completed";
    const refetched = refetchAfterChange({ queryKey: ["call-history"] }, list.client);
    list.answer();
    await refetched;
    expect(await list.settled()).toBe("completed");
    expect(list.server.reads).toBe(2);
    list.unsubscribe();
  });

  it("(what it guards against) a plain invalidation then is absorbed by the first fetch, which shows what it read before", async () => {
    const list = listOnScreen();
    await new Promise((r) => setTimeout(r, 10));
    list.server.value = "completed";
    void list.client.invalidateQueries({ queryKey: ["call-history"] });
    list.answer();
    expect(await list.settled()).toBe("processing");
    expect(list.server.reads).toBe(1);
    list.unsubscribe();
  });

  it("with data already on screen: one more fetch, and the newest answer shown", async () => {
    const list = listOnScreen();
    list.answer();
    expect(await list.settled()).toBe("processing");
    list.server.value = "completed";
    await refetchAfterChange({ queryKey: ["call-history"] }, list.client);
    expect(await list.settled()).toBe("completed");
    expect(list.server.reads).toBe(2);
    list.unsubscribe();
  });

  it("changes that keep coming while the first fetch is under way: that fetch still answers, then one more shows the newest", async () => {
    const list = listOnScreen();
    await new Promise((r) => setTimeout(r, 10));
    const refetches: Promise<void>[] = [];
    for (const status of ["a", "b", "c", "d"]) {
      list.server.value = status;
      refetches.push(refetchAfterChange({ queryKey: ["call-history"] }, list.client));
    }
    list.answer();
    await Promise.all(refetches);
    expect(list.seen).toContain("processing"); // the first answer was shown, not thrown away
    expect(await list.settled()).toBe("d");
    list.unsubscribe();
  });
});
