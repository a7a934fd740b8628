import { useState } from "react";
import { toast } from "./notifications";

/** One save of a form dialog: the write, what follows it, and the words the person reads. */
export interface SaveStep<T> {
  save: () => Promise<T>;
  /** Runs after a save that worked, before the dialog closes (refetch what the write changed). */
  after?: (result: T) => void;
  /** The toast after a save that worked; none when left out. */
  success?: string;
  /** The toast when the save answered nothing (an empty response), as against one that failed. */
  empty?: string;
  /** The toast when the save failed. */
  failure: string;
  /** Logged to the console with the error, for whoever debugs it; the person reads `failure`. */
  log: string;
}

/**
 * Runs one save: shows the dialog busy while it runs, then either toasts success (when asked),
 * runs `after` and closes, or toasts why not and leaves the dialog open with what was typed, so
 * nothing is lost. Answers whether it saved.
 */
export async function runSave<T>(step: SaveStep<T>, close: () => void, setSaving: (saving: boolean) => void): Promise<boolean> {
  setSaving(true);
  try {
    const result = await step.save();
    if (step.empty !== undefined && !result) {
      toast({ title: step.empty, variant: "destructive" });
      return false;
    }
    if (step.success !== undefined) toast({ title: step.success, variant: "success" });
    step.after?.(result);
    close();
    return true;
  } catch (err) {
    console.error(step.log, err);
    toast({ title: step.failure, variant: "destructive" });
    return false;
  } finally {
    setSaving(false);
  }
}

/** The save, toasts and closing a create/edit dialog shares; `saving` drives its primary button. */
export function useSaveDialog(close: () => void) {
  const [saving, setSaving] = useState(false);
  const run = <T>(step: SaveStep<T>) => runSave(step, close, setSaving);
  return { saving, run };
}
