// A form dialog's save (useSaveDialog): busy while it runs, then closed with the success toast, or
// left open with the failure toast and what was typed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotificationStore } from "./notifications";
import { runSave, type SaveStep } from "./useSaveDialog";

const toasts = () => useNotificationStore.getState().toasts.map(({ title, variant }) => ({ title, variant }));

function harness() {
  const calls: string[] = [];
  const saving: boolean[] = [];
  return {
    calls,
    saving,
    close: () => calls.push("close"),
    setSaving: (s: boolean) => saving.push(s),
    step: <T>(save: () => Promise<T>, more: Partial<SaveStep<T>> = {}): SaveStep<T> => ({
      save,
      after: () => calls.push("after"),
      failure: "It could not be saved.",
      log: "save failed",
      ...more,
    }),
  };
}

describe("runSave", () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    useNotificationStore.setState({ toasts: [] });
    logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it("runs `after`, then closes, busy only while the save runs, with no toast unless one is asked", async () => {
    const h = harness();
    let busyDuringSave: boolean | undefined;
    const ok = await runSave(
      h.step(async () => {
        busyDuringSave = h.saving.at(-1);
        return { id: 1 };
      }),
      h.close,
      h.setSaving,
    );
    expect(ok).toBe(true);
    expect(busyDuringSave).toBe(true);
    expect(h.saving).toEqual([true, false]);
    expect(h.calls).toEqual(["after", "close"]);
    expect(toasts()).toEqual([]);
  });

  it("hands `after` what the save answered and toasts success before closing", async () => {
    const h = harness();
    const after = vi.fn();
    await runSave(h.step(async () => ({ id: 7 }), { after, success: "Task created and assigned to 2 user(s)" }), h.close, h.setSaving);
    expect(after).toHaveBeenCalledWith({ id: 7 });
    expect(toasts()).toEqual([{ title: "Task created and assigned to 2 user(s)", variant: "success" }]);
  });

  it("on a failure logs the error, toasts the failure and stays open", async () => {
    const h = harness();
    const err = new Error("500");
    const ok = await runSave(h.step(() => Promise.reject(err), { success: "never" }), h.close, h.setSaving);
    expect(ok).toBe(false);
    expect(h.calls).toEqual([]);
    expect(h.saving).toEqual([true, false]);
    expect(logged).toHaveBeenCalledWith("save failed", err);
    expect(toasts()).toEqual([{ title: "It could not be saved.", variant: "destructive" }]);
  });

  it("toasts `empty` and stays open when the save answers nothing, only where the dialog asks", async () => {
    const h = harness();
    expect(await runSave(h.step(async () => null, { empty: "Task creation failed. Check console for details." }), h.close, h.setSaving)).toBe(false);
    expect(h.calls).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(toasts()).toEqual([{ title: "Task creation failed. Check console for details.", variant: "destructive" }]);

    // Without `empty` an empty answer is a save like any other.
    expect(await runSave(h.step(async () => undefined), h.close, h.setSaving)).toBe(true);
    expect(h.calls).toEqual(["after", "close"]);
  });
});
