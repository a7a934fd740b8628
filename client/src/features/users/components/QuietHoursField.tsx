// Quiet hours (docs/notifications.md): between start and end, in the profile's time zone,
// nothing is pushed; the notification centre still lists everything, and one summary push
// follows when they end.
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { SwitchRow } from "./SwitchRow";

export interface QuietHours {
  quiet_hours_enabled: boolean;
  quiet_hours_start: string;
  quiet_hours_end: string;
}

export function QuietHoursField({ value, onChange }: { value: QuietHours; onChange: (patch: Partial<QuietHours>) => void }) {
  return (
    <div className="grid gap-3">
      <SwitchRow
        id="quiet-hours"
        label="Quiet hours"
        description="No push notifications between these times (your time zone); you get one summary afterwards."
        checked={value.quiet_hours_enabled}
        onChange={(quiet_hours_enabled) => onChange({ quiet_hours_enabled })}
      />
      {value.quiet_hours_enabled && (
        <div className="grid grid-cols-2 gap-3 sm:max-w-xs">
          <FormField id="quiet-hours-start" label="From">
            <Input id="quiet-hours-start" type="time" required value={value.quiet_hours_start} onChange={(e) => onChange({ quiet_hours_start: e.target.value })} />
          </FormField>
          <FormField id="quiet-hours-end" label="Until">
            <Input id="quiet-hours-end" type="time" required value={value.quiet_hours_end} onChange={(e) => onChange({ quiet_hours_end: e.target.value })} />
          </FormField>
        </div>
      )}
    </div>
  );
}
