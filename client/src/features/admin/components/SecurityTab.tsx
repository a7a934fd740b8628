import { LogOut } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import type { SignInSettings } from "@shared/sign-in";
import { adminKeys, revokeSession, useSecurity } from "../api";
import { formatFileSize } from "../../../lib/format";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { PageSpinner } from "../../../ui/PageSpinner";
import { toast } from "../../../ui/notifications";

const hours = (s: number) => (s % 86400 === 0 ? `${s / 86400} days` : s % 3600 === 0 ? `${s / 3600} hours` : `${Math.round(s / 60)} minutes`);
const when = (iso: string) => format(new Date(iso), "MMM d, yyyy HH:mm");

const unit = (n: number, word: string) => (n === 1 ? word : `${n} ${word}s`);
const every = (s: number) => (s % 3600 === 0 ? unit(s / 3600, "hour") : s % 60 === 0 ? unit(s / 60, "minute") : unit(s, "second"));

/** The LDAP directory as the environment sets it (docs/authentication.md, "LDAP / Active Directory"). */
function directoryRules(ldap: SignInSettings["ldap"]): [string, string][] {
  if (!ldap) return [];
  const roles = [ldap.admin_group && `admin: ${ldap.admin_group}`, ldap.manager_group && `manager: ${ldap.manager_group}`].filter(Boolean);
  return [
    ["Directory (LDAP)", `${ldap.url}${ldap.start_tls ? " with StartTLS" : ""}, people under ${ldap.base_dn} matching ${ldap.user_filter}`],
    ["New people in the directory", ldap.create_accounts ? "Get an account" : "Are turned away: only existing accounts"],
    ["Roles from directory groups", roles.length ? `${roles.join("; ")} (${ldap.groups_from})` : "No: roles are given here"],
    ["Directory sync", ldap.sync_interval_seconds ? `Every ${every(ldap.sync_interval_seconds)}` : "Off: accounts are updated at sign-in"],
  ];
}

/** Passwords and single sign-on as the environment sets them (docs/authentication.md): shown, not edited here. */
function signInRules(x: SignInSettings): [string, string][] {
  const oidc = x.oidc;
  const password = x.password === "on" ? "On" : x.break_glass_admin ? `Off, except for ${x.break_glass_admin}` : "Off";
  if (!oidc) return [["Password sign-in", password], ["Single sign-on", "Off"], ...directoryRules(x.ldap)];
  const groups = [oidc.admin_group && `admin: ${oidc.admin_group}`, ...oidc.team_role_groups.map((g) => `${g.team_role}: ${g.group}`)].filter(Boolean);
  return [
    ["Password sign-in", password],
    ["Single sign-on", `${oidc.name} (${oidc.issuer}, client ${oidc.client_id})`],
    ["New people signing on", oidc.create_accounts ? "Get an account" : "Are turned away: only existing accounts"],
    ["Roles from groups", groups.length ? `${groups.join("; ")} (claim ${oidc.groups_claim})` : "No: roles are given here"],
    ...directoryRules(x.ldap),
  ];
}

/** Active sessions with revoke, and the sign-in rules in force. */
export function SecurityTab() {
  const qc = useQueryClient();
  const { data, isLoading, error } = useSecurity();
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <p className="text-sm text-destructive">{error?.message}</p>;
  const s = data.settings;
  const rules = [
    ["Failed sign-ins allowed", `${s.login_rate_limit} per ${s.login_rate_window_minutes} minutes per address and e-mail`],
    ["Access token lifetime", hours(s.token_lifetime_seconds)],
    ["Session maximum age", hours(s.session_max_age_seconds)],
    ["Minimum password length", `${s.password_min_length} characters`],
    ["Largest upload", formatFileSize(s.max_upload_bytes)],
    ...signInRules(s.sign_in),
  ];
  const revoke = async (id: string) => {
    try {
      await revokeSession(id);
      await qc.invalidateQueries({ queryKey: adminKeys.security });
    } catch (err) {
      toast({ title: "Could not revoke the session", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
    }
  };
  return (
    <div className="grid gap-6">
      <section className="rounded-xl border bg-card p-5">
        <h2 className="mb-3 font-semibold">Sign-in rules in force</h2>
        <dl className="grid gap-2 text-sm sm:grid-cols-[14rem_1fr]">
          {rules.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="overflow-x-auto rounded-xl border bg-card">
        <h2 className="px-5 pt-4 pb-2 font-semibold">Active sessions ({data.sessions.length})</h2>
        <table className="w-full text-sm">
          <thead className="border-y bg-muted/40 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th className="px-5 py-2 font-medium">User</th>
              <th className="hidden px-5 py-2 font-medium sm:table-cell">Signed in</th>
              <th className="hidden px-5 py-2 font-medium md:table-cell">Expires</th>
              <th className="px-5 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.sessions.map((x) => (
              <tr key={x.id} className="border-b last:border-b-0" data-testid="session-row">
                <td className="px-5 py-2">
                  <div className="font-medium">
                    {x.full_name} {x.current && <Badge variant="secondary">This session</Badge>}
                  </div>
                  <div className="text-xs text-muted-foreground">{x.email}</div>
                </td>
                <td className="hidden px-5 py-2 sm:table-cell">{when(x.created_at)}</td>
                <td className="hidden px-5 py-2 md:table-cell">{when(x.expires_at)}</td>
                <td className="px-5 py-2 text-right">
                  {!x.current && (
                    <Button variant="ghost" size="sm" onClick={() => void revoke(x.id)} aria-label={`Revoke session of ${x.full_name}`}>
                      <LogOut /> Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
