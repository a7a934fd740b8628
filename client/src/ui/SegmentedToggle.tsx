import type { LucideIcon } from "lucide-react";
import { cn } from "../lib/utils";

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon: LucideIcon;
}

/** A few mutually exclusive choices shown side by side (the tasks' layout, the search's order): pressed buttons in a group. */
export function SegmentedToggle<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: SegmentedOption<T>[]; onChange: (v: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg bg-muted p-0.5">
      {options.map(({ value: v, label: text, icon: Icon }) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={cn("inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-[13px] font-medium", value === v ? "bg-background shadow-xs" : "text-muted-foreground hover:text-foreground")}
        >
          <Icon className="size-3.5" />
          {text}
        </button>
      ))}
    </div>
  );
}
