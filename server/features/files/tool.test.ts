// The media tools' runner: a tool that hangs is killed at its limit, so a recording fails with a
// reason instead of staying "Processing recording..." for good.
import { describe, expect, it } from "vitest";
import { runTool, stepWatch } from "./tool";
import { within } from "../../within";

describe("runTool", () => {
  it("answers what the tool printed when it exits 0 and names the tool and its code otherwise", async () => {
    await expect(runTool("true", [], 5_000)).resolves.toBe("");
    await expect(runTool("sh", ["-c", "echo start_time=1.5; echo noise >&2"], 5_000)).resolves.toBe("start_time=1.5\n");
    await expect(runTool("sh", ["-c", "echo broken input >&2; exit 3"], 5_000)).rejects.toThrow("sh failed (3): broken input");
    await expect(runTool("/nonexistent/tool", [], 5_000)).rejects.toThrow("tool could not run");
  });

  it("kills a tool that outlasts its limit", async () => {
    const began = Date.now();
    await expect(runTool("sleep", ["30"], 300)).rejects.toThrow("sleep took longer than 0 s");
    expect(Date.now() - began).toBeLessThan(5_000);
  });
});

describe("within", () => {
  it("passes a prompt answer through and names what was late", async () => {
    await expect(within(Promise.resolve(7), 1_000, "Quick")).resolves.toBe(7);
    await expect(within(new Promise(() => {}), 50, "Turning recording off")).rejects.toThrow("Turning recording off took longer than 50 ms");
  });
});

describe("stepWatch", () => {
  it("reports the step it is at while it lasts, and nothing after done", async () => {
    const seen: string[] = [];
    const watch = stepWatch((step) => seen.push(step), 20);
    watch.step("converting");
    await new Promise((r) => setTimeout(r, 70));
    watch.done();
    const count = seen.length;
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(["converting"]));
    await new Promise((r) => setTimeout(r, 60));
    expect(seen.length).toBe(count);
  });
});
