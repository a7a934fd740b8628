import { useEffect, useState } from "react";
import { ROLES, TEAM_ROLES, NOTIFICATION_PREFERENCES } from "@shared/entities/users";
import { resetTotp, updateUser, type AdminUser } from "../api";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";

const TEXT_FIELDS = [
  ["full_name", "Full name"],
  ["job_title", "Job title"],
  ["department", "Department"],
  ["phone_number", "Phone number"],
  ["status_message", "Status message"],
  ["profile_photo", "Profile photo URL"],
] as const;

const ROLE_LABELS: Record<string, string> = { user: "User", admin: "SuperUser" };
const TEAM_LABELS: Record<string, string> = { member: "Member", manager: "Manager", admin: "Team Admin" };

type Form = Record<string, string>;

function formOf(u: AdminUser): Form {
  return {
    full_name: u.full_name ?? "",
    job_title: u.job_title ?? "",
    department: u.department ?? "",
    phone_number: u.phone_number ?? "",
    status_message: u.status_message ?? "",
    profile_photo: u.profile_photo ?? "",
    role: u.role,
    team_role: u.team_role,
    notification_preferences: u.notification_preferences ?? "all",
  };
}

/** The per-user edit form of the Users tab; the e-mail is read-only. */
export function UserEditDialog({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: (message: string, ok: boolean) => void }) {
  const [form, setForm] = useState<Form>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setForm(user ? formOf(user) : {}), [user]);
  if (!user) return null;
  const set = (k: string, v: string) => setForm((f) => ({ ...f, [k]: v }));

  const save = async () => {
    setBusy(true);
    try {
      const body: Record<string, unknown> = { ...form };
      for (const [k] of TEXT_FIELDS) if (k !== "full_name" && !form[k]?.trim()) body[k] = null;
      await updateUser(user.id, body);
      onSaved("User updated successfully", true);
      onClose();
    } catch (err) {
      onSaved(`Failed to update user: ${err instanceof Error ? err.message : String(err)}`, false);
    } finally {
      setBusy(false);
    }
  };

  // docs/authentication.md, "Two-step sign-in": the admin reset.
  const resetTwoStep = async () => {
    setBusy(true);
    try {
      await resetTotp(user.id);
      onSaved(`Two-step sign-in is off for ${user.full_name}`, true);
      onClose();
    } catch (err) {
      onSaved(`Failed to turn off two-step sign-in: ${err instanceof Error ? err.message : String(err)}`, false);
    } finally {
      setBusy(false);
    }
  };

  const select = (key: string, label: string, options: readonly string[], labels?: Record<string, string>) => (
    <FormField id={`user-${key}`} label={label}>
      <Select value={form[key]} onValueChange={(v) => set(key, v)}>
        <SelectTrigger id={`user-${key}`} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o} value={o}>
              {labels?.[o] ?? o}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit user</DialogTitle>
          <DialogDescription>Changes apply at once; the person sees them on their next page load.</DialogDescription>
        </DialogHeader>
        <form
          id="user-edit-form"
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FormField id="user-email" label="Email" hint="The e-mail address cannot be changed." className="sm:col-span-2">
            <Input id="user-email" value={user.email} readOnly disabled />
          </FormField>
          {TEXT_FIELDS.map(([key, label]) => (
            <FormField key={key} id={`user-${key}`} label={label} className={key === "full_name" || key === "profile_photo" ? "sm:col-span-2" : ""}>
              <Input id={`user-${key}`} value={form[key] ?? ""} onChange={(e) => set(key, e.target.value)} />
            </FormField>
          ))}
          {select("role", "System role", ROLES, ROLE_LABELS)}
          {select("team_role", "Team role", TEAM_ROLES, TEAM_LABELS)}
          {select("notification_preferences", "Notifications", NOTIFICATION_PREFERENCES)}
        </form>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
          <p className="text-sm text-muted-foreground">Lost their phone and recovery codes? Turn their two-step sign-in off; they sign in with the password and set it up again.</p>
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void resetTwoStep()}>
            Turn off two-step sign-in
          </Button>
        </div>
        <DialogActions onCancel={onClose} confirmLabel="Save" form="user-edit-form" disabled={busy || !form.full_name?.trim()} pending={busy} />
      </DialogContent>
    </Dialog>
  );
}
