import { Camera } from "lucide-react";
import { LIMITS } from "@shared/constants";
import type { AppSettings, ThemePreference } from "../settings";
import { Button } from "../../../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card";
import { Input } from "../../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { FormField } from "../../../ui/FormField";
import { SwitchRow } from "./SwitchRow";

/** Settings kept in this browser only. */
export function AppSettingsCard({
  settings,
  onChange,
  onOpenDevices,
}: {
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  onOpenDevices: () => void;
}) {
  const away = settings.auto_away_minutes ?? LIMITS.autoAwayMinDefault;
  const awayInvalid = !Number.isInteger(away) || away < LIMITS.autoAwayMin || away > LIMITS.autoAwayMax;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Application settings</CardTitle>
        <CardDescription>Kept in this browser.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="theme" label="Theme">
            <Select value={settings.theme} onValueChange={(v) => onChange({ theme: v as ThemePreference })}>
              <SelectTrigger id="theme">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="light">Light</SelectItem>
                <SelectItem value="dark">Dark</SelectItem>
                <SelectItem value="system">System</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <FormField id="call-quality" label="Call quality">
            <Select
              value={settings.call_quality ?? "auto"}
              onValueChange={(v) => onChange({ call_quality: v as AppSettings["call_quality"] })}
            >
              <SelectTrigger id="call-quality">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="auto">Auto</SelectItem>
                <SelectItem value="high">High (1080p)</SelectItem>
                <SelectItem value="medium">Medium (720p)</SelectItem>
                <SelectItem value="low">Low (360p)</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <FormField id="auto-away" label="Auto-away after (minutes)" hint={`Between ${LIMITS.autoAwayMin} and ${LIMITS.autoAwayMax}.`}>
            <Input
              id="auto-away"
              type="number"
              min={LIMITS.autoAwayMin}
              max={LIMITS.autoAwayMax}
              value={Number.isFinite(away) ? away : ""}
              aria-invalid={awayInvalid}
              onChange={(e) => onChange({ auto_away_minutes: e.target.valueAsNumber })}
            />
          </FormField>
          <div className="grid content-end">
            <Button variant="outline" onClick={onOpenDevices}>
              <Camera />
              Camera & microphone
            </Button>
          </div>
        </div>
        <SwitchRow
          id="notifications-sound"
          label="Notification sounds"
          description="Play a sound for new messages and calls."
          checked={settings.notifications_sound ?? true}
          onChange={(v) => onChange({ notifications_sound: v })}
        />
        <SwitchRow
          id="read-receipts"
          label="Read receipts"
          description="Let others see when you have read their messages."
          checked={settings.enable_read_receipts ?? true}
          onChange={(v) => onChange({ enable_read_receipts: v })}
        />
        <SwitchRow
          id="data-saver"
          label="Data saver"
          description="Use less bandwidth: lower video quality and fewer previews."
          checked={settings.data_saver_mode ?? false}
          onChange={(v) => onChange({ data_saver_mode: v })}
        />
      </CardContent>
    </Card>
  );
}
