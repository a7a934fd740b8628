import { useMemo } from "react";
import { FormField } from "../../../ui/FormField";
import { inputClasses } from "../../../ui/input";
import { cn } from "../../../lib/utils";

const BROWSER = "";

/** The calendar's time zone: an IANA zone, or the browser's (stored as none). */
export function TimeZoneField({ value, onChange }: { value: string | null; onChange: (zone: string | null) => void }) {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = useMemo(() => {
    const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
    return value && !all.includes(value) ? [value, ...all] : all;
  }, [value]);
  return (
    <FormField id="time-zone" label="Time zone" hint="Calendar times are shown and entered in this zone.">
      <select id="time-zone" className={cn(inputClasses, "sm:max-w-xs")} value={value ?? BROWSER} onChange={(e) => onChange(e.target.value || null)}>
        <option value={BROWSER}>Browser's time zone ({browser})</option>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, " ")}
          </option>
        ))}
      </select>
    </FormField>
  );
}
