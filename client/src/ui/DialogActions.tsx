import type { ReactNode } from "react";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { Spinner } from "./spinner";

interface DialogActionsProps {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  /** Submits this form (by id) instead of calling onConfirm, so Enter in a field does the same. */
  form?: string;
  onConfirm?: () => void;
  disabled?: boolean;
  /** Shows a spinner in the confirm button while the action runs. */
  pending?: boolean;
}

/** The usual dialog footer: Cancel, then the primary action. */
export function DialogActions({ onCancel, cancelLabel = "Cancel", confirmLabel, form, onConfirm, disabled, pending }: DialogActionsProps) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type={form ? "submit" : "button"} form={form} onClick={onConfirm} disabled={disabled}>
        {pending && <Spinner className="text-primary-foreground" />}
        {confirmLabel}
      </Button>
    </DialogFooter>
  );
}
