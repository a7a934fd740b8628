import { FormField } from "../../../ui/FormField";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";

/** One device picker; the list never offers an empty value. */
export function DeviceSelect({
  id,
  label,
  devices,
  value,
  onChange,
  fallbackLabel,
}: {
  id: string;
  label: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChange: (deviceId: string) => void;
  fallbackLabel: string;
}) {
  const known = devices.some((d) => d.deviceId === value);
  return (
    <FormField id={id} label={label}>
      <Select value={known ? value : devices[0]?.deviceId} onValueChange={onChange} disabled={devices.length === 0}>
        <SelectTrigger id={id} aria-label={label}>
          <SelectValue placeholder={devices.length ? undefined : `No ${fallbackLabel} found`} />
        </SelectTrigger>
        <SelectContent>
          {devices.map((d, i) => (
            <SelectItem key={d.deviceId} value={d.deviceId}>
              {d.label || `${fallbackLabel} ${i + 1}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
