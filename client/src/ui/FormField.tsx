import type { ReactNode } from "react";
import { cn } from "../lib/utils";
import { Label } from "./label";

interface FormFieldProps {
  /** The control's id, which the label points at; leave out for a group of controls. */
  id?: string;
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** What is wrong with the value, announced to screen readers. */
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled form row: the label, the control, then a hint and an error message when there are any. */
export function FormField({ id, label, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
