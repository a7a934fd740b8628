import { useState } from "react";
import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { LIMITS } from "@shared/constants";
import { updateUser } from "./api";
import type { PublicUser } from "@shared/entities";
import { AppSettingsCard } from "./components/AppSettingsCard";
import { DeviceSettingsDialog } from "../calls/DeviceSettingsDialog";
import { FormField } from "../../ui/FormField";
import { PhotoCard } from "./components/PhotoCard";
import { TimeZoneField } from "./components/TimeZoneField";
import { SwitchRow } from "./components/SwitchRow";
import { QuietHoursField } from "./components/QuietHoursField";
import { TwoStepCard } from "./components/TwoStepCard";
import { PushToggle } from "../notifications/PushToggle";
import { Button } from "../../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card";
import { Input } from "../../ui/input";
import { PageLayout } from "../../ui/PageLayout";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select";
import { Spinner } from "../../ui/spinner";
import { Textarea } from "../../ui/textarea";
import { readSettings, writeSettings, type AppSettings } from "./settings";
import { toast } from "../../ui/notifications";
import { useSessionStore } from "../auth/store";
import { useThemeStore } from "../../app/theme";
import { resetReceipts } from "../chat/receipts";

type ProfileFields = Pick<
  PublicUser,
  "full_name" | "job_title" | "department" | "phone_number" | "status_message" | "notification_preferences" | "show_online_status" | "time_zone"
> & { quiet_hours_enabled: boolean; quiet_hours_start: string; quiet_hours_end: string };

const pickProfile = (u: PublicUser): ProfileFields => ({
  full_name: u.full_name,
  job_title: u.job_title ?? "",
  department: u.department ?? "",
  phone_number: u.phone_number ?? "",
  status_message: u.status_message ?? "",
  notification_preferences: u.notification_preferences ?? "all",
  show_online_status: u.show_online_status ?? true,
  time_zone: u.time_zone ?? null,
  quiet_hours_enabled: u.quiet_hours_enabled ?? false,
  quiet_hours_start: u.quiet_hours_start ?? "22:00",
  quiet_hours_end: u.quiet_hours_end ?? "07:00",
});

/** "HH:MM" as the server takes it (a time input may say seconds too). */
const clock = (v: string) => v.slice(0, 5);

export default function ProfilePage() {
  const user = useSessionStore((s) => s.user)!;
  const navigate = useNavigate();
  const [form, setForm] = useState<ProfileFields>(() => pickProfile(user));
  // Read receipts are enforced by the server, so the account's value is the one that counts (docs/messages.md, "Mentions and read receipts").
  const [settings, setSettings] = useState<AppSettings>(() => ({ ...readSettings(), enable_read_receipts: user.enable_read_receipts ?? true }));
  const [saving, setSaving] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const set = (patch: Partial<ProfileFields>) => setForm((f) => ({ ...f, ...patch }));
  const away = settings.auto_away_minutes ?? LIMITS.autoAwayMinDefault;
  const awayValid = Number.isInteger(away) && away >= LIMITS.autoAwayMin && away <= LIMITS.autoAwayMax;

  const save = async () => {
    if (!form.full_name.trim() || !awayValid || (form.quiet_hours_enabled && (!form.quiet_hours_start || !form.quiet_hours_end))) return;
    setSaving(true);
    try {
      // Quiet hours are kept on the server's clock in the profile's zone: without one, this browser's.
      const zone = form.quiet_hours_enabled && !form.time_zone ? Intl.DateTimeFormat().resolvedOptions().timeZone : form.time_zone;
      const saved = await updateUser(user.id, {
        ...form,
        time_zone: zone,
        quiet_hours_start: clock(form.quiet_hours_start),
        quiet_hours_end: clock(form.quiet_hours_end),
        full_name: form.full_name.trim(),
        enable_read_receipts: settings.enable_read_receipts ?? true,
      });
      if (saved.enable_read_receipts !== user.enable_read_receipts) resetReceipts();
      useSessionStore.getState().setUser(saved);
      writeSettings(settings);
      useThemeStore.getState().setPreference(settings.theme);
      toast({ title: "Profile updated successfully!", variant: "success" });
    } catch {
      toast({ title: "Profile", description: "Failed to save profile. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageLayout
      title="Profile Settings"
      description="Your photo, personal info and preferences."
      leading={
        <Button variant="ghost" size="icon-sm" aria-label="Back to Dashboard" onClick={() => navigate("/Dashboard")}>
          <ArrowLeft />
        </Button>
      }
      actions={
        <Button onClick={() => void save()} disabled={saving || !form.full_name.trim() || !awayValid}>
          {saving && <Spinner className="text-primary-foreground" />}
          Save Changes
        </Button>
      }
    >

      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="grid content-start gap-6">
          <PhotoCard user={user} />
        </div>
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Personal info</CardTitle>
              <CardDescription>What your colleagues see in the directory.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <FormField id="full-name" label="Full name">
                <Input id="full-name" value={form.full_name} onChange={(e) => set({ full_name: e.target.value })} aria-invalid={!form.full_name.trim()} />
              </FormField>
              <FormField id="email" label="Email" hint="Ask an admin to change it.">
                <Input id="email" value={user.email} readOnly disabled />
              </FormField>
              <FormField id="job-title" label="Job title">
                <Input id="job-title" value={form.job_title ?? ""} onChange={(e) => set({ job_title: e.target.value })} />
              </FormField>
              <FormField id="department" label="Department">
                <Input id="department" value={form.department ?? ""} onChange={(e) => set({ department: e.target.value })} />
              </FormField>
              <FormField id="phone" label="Phone number">
                <Input id="phone" type="tel" value={form.phone_number ?? ""} onChange={(e) => set({ phone_number: e.target.value })} />
              </FormField>
              <div className="sm:col-span-2">
                <FormField id="status-message" label="Status message">
                  <Textarea
                    id="status-message"
                    rows={2}
                    maxLength={200}
                    value={form.status_message ?? ""}
                    onChange={(e) => set({ status_message: e.target.value })}
                  />
                </FormField>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">Preferences</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <FormField id="notification-preferences" label="Notify me about">
                <Select
                  value={form.notification_preferences ?? "all"}
                  onValueChange={(v) => set({ notification_preferences: v as PublicUser["notification_preferences"] })}
                >
                  <SelectTrigger id="notification-preferences" className="sm:max-w-xs">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="all">All messages</SelectItem>
                    <SelectItem value="mentions">Mentions only</SelectItem>
                    <SelectItem value="none">Nothing</SelectItem>
                  </SelectContent>
                </Select>
              </FormField>
              <TimeZoneField value={form.time_zone} onChange={(time_zone) => set({ time_zone })} />
              <SwitchRow
                id="show-online-status"
                label="Show my online status"
                description="When off, others see you as Away."
                checked={form.show_online_status}
                onChange={(v) => set({ show_online_status: v })}
              />
              <QuietHoursField value={form} onChange={set} />
              <PushToggle />
            </CardContent>
          </Card>

          <TwoStepCard />

          <AppSettingsCard
            settings={settings}
            onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))}
            onOpenDevices={() => setDevicesOpen(true)}
          />
        </div>
      </div>
      <DeviceSettingsDialog open={devicesOpen} onOpenChange={setDevicesOpen} />
    </PageLayout>
  );
}
