import type { FormEvent, ReactNode } from "react";
import { cn } from "../lib/utils";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";
import { DialogActions } from "./DialogActions";

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The form's id: the footer's primary button submits it, so Enter in a field does the same. */
  formId: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  /** Shows a spinner in the primary button while the save runs. */
  pending?: boolean;
  /** Why the last save failed, announced under the fields. */
  error?: string | null;
  /** Skip the browser's own field validation (the form checks and explains itself). */
  noValidate?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The frame every create/edit dialog shares: title and description, the form's fields, an error
 * line, then Cancel and the primary action. Cancel, Escape and the close button all call
 * onOpenChange(false).
 */
export function FormDialog({ open, onOpenChange, title, description, formId, onSubmit, submitLabel, submitDisabled, pending, error, noValidate, className, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn("sm:max-w-lg", className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <form id={formId} onSubmit={onSubmit} className="grid gap-4" noValidate={noValidate}>
          {children}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
        <DialogActions onCancel={() => onOpenChange(false)} form={formId} confirmLabel={submitLabel} disabled={submitDisabled} pending={pending} />
      </DialogContent>
    </Dialog>
  );
}
