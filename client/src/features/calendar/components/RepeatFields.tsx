import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { cn } from "../../../lib/utils";
import { WEEKDAYS, type RepeatKind, type RepeatSpec } from "@shared/recurrence";

const KINDS: { value: RepeatKind; label: string }[] = [
  { value: "none", label: "Does not repeat" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
];
const DAY_LETTER: Record<string, string> = { MO: "M", TU: "T", WE: "W", TH: "T", FR: "F", SA: "S", SU: "S" };
const DAY_NAME: Record<string, string> = { MO: "Monday", TU: "Tuesday", WE: "Wednesday", TH: "Thursday", FR: "Friday", SA: "Saturday", SU: "Sunday" };

/** The recurrence part of the event form: frequency, weekdays, and how the series ends. */
export function RepeatFields({ value, onChange }: { value: RepeatSpec; onChange: (v: RepeatSpec) => void }) {
  const set = (patch: Partial<RepeatSpec>) => onChange({ ...value, ...patch });
  return (
    <div className="grid gap-3">
      <FormField label="Repeat">
        <Select value={value.kind} onValueChange={(k) => set({ kind: k as RepeatKind })}>
          <SelectTrigger aria-label="Repeat">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {KINDS.map((k) => (
              <SelectItem key={k.value} value={k.value}>
                {k.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {value.kind === "weekly" && (
        <div role="group" aria-label="Repeat on" className="flex gap-1.5">
          {WEEKDAYS.map((d) => {
            const on = value.days.includes(d);
            return (
              <button
                key={d}
                type="button"
                aria-pressed={on}
                aria-label={DAY_NAME[d]}
                onClick={() => set({ days: on ? value.days.filter((x) => x !== d) : [...value.days, d] })}
                className={cn("size-8 rounded-full border text-xs font-semibold", on ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted")}
              >
                {DAY_LETTER[d]}
              </button>
            );
          })}
        </div>
      )}
      {value.kind !== "none" && (
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Ends">
            <Select value={value.ends} onValueChange={(e) => set({ ends: e as RepeatSpec["ends"] })}>
              <SelectTrigger aria-label="Ends">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="never">Never</SelectItem>
                <SelectItem value="count">After a number of times</SelectItem>
                <SelectItem value="until">On a date</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          {value.ends === "count" && (
            <FormField id="repeat-count" label="Times">
              <Input id="repeat-count" type="number" min={1} max={999} value={value.count} onChange={(e) => set({ count: Number(e.target.value) })} />
            </FormField>
          )}
          {value.ends === "until" && (
            <FormField id="repeat-until" label="Until">
              <Input id="repeat-until" type="date" value={value.until} onChange={(e) => set({ until: e.target.value })} />
            </FormField>
          )}
        </div>
      )}
    </div>
  );
}
