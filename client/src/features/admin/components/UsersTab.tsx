import { useState } from "react";
import { Pencil, UserCheck, UserX } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { adminKeys, deactivateUser, isActive, updateUser, useAdminUsers, type AdminUser } from "../api";
import { useSessionStore } from "../../auth/store";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { PageSpinner } from "../../../ui/PageSpinner";
import { SearchInput } from "../../../ui/SearchInput";
import { UserEditDialog } from "./UserEditDialog";
import { Notice, type NoticeState } from "./Notice";
import { InvitePolicyCard } from "./InvitePolicyCard";

const privilege = (u: AdminUser) =>
  u.role === "admin" ? "SuperUser" : u.team_role === "admin" ? "Team Admin" : u.team_role === "manager" ? "Manager" : "Member";

export function UsersTab() {
  const qc = useQueryClient();
  const me = useSessionStore((s) => s.user);
  const { data: users = [], isLoading, error } = useAdminUsers();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [q, setQ] = useState("");

  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.users });
  const report = (text: string, ok: boolean) => {
    setNotice({ type: ok ? "success" : "error", text });
    void refresh();
  };
  const setActive = async (u: AdminUser, active: boolean) => {
    try {
      if (active) await updateUser(u.id, { is_active: true });
      else await deactivateUser(u.id);
      report("User updated successfully", true);
    } catch (err) {
      report(`Failed to update user: ${err instanceof Error ? err.message : String(err)}`, false);
    }
  };

  if (isLoading) return <PageSpinner />;
  const needle = q.trim().toLowerCase();
  const shown = users.filter((u) => `${u.full_name} ${u.email} ${u.department ?? ""}`.toLowerCase().includes(needle));

  return (
    <div className="grid gap-4">
      <InvitePolicyCard />
      {error && <Notice notice={{ type: "error", text: `Failed to load users: ${error.message}` }} />}
      <Notice notice={notice} />
      <SearchInput value={q} onValueChange={setQ} placeholder="Search users..." aria-label="Search users" className="max-w-sm" />
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th className="px-4 py-2.5 font-medium">Name</th>
              <th className="hidden px-4 py-2.5 font-medium md:table-cell">Email</th>
              <th className="px-4 py-2.5 font-medium">Role</th>
              <th className="hidden px-4 py-2.5 font-medium sm:table-cell">Status</th>
              <th className="px-4 py-2.5 text-right font-medium">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((u) => {
              const active = isActive(u);
              return (
                <tr key={u.id} className="border-b last:border-b-0" data-testid="user-row" data-email={u.email}>
                  <td className="px-4 py-2.5">
                    <div className="font-medium">{u.full_name}</div>
                    <div className="text-xs break-all text-muted-foreground md:hidden">{u.email}</div>
                    {u.job_title && <div className="hidden text-xs text-muted-foreground md:block">{u.job_title}</div>}
                  </td>
                  <td className="hidden px-4 py-2.5 text-muted-foreground md:table-cell">{u.email}</td>
                  <td className="px-4 py-2.5">
                    <Badge variant={u.role === "admin" ? "default" : "secondary"}>{privilege(u)}</Badge>
                  </td>
                  <td className="hidden px-4 py-2.5 sm:table-cell">
                    <Badge variant={active ? "outline" : "destructive"}>{active ? "Active" : "Deactivated"}</Badge>
                  </td>
                  <td className="px-4 py-2.5">
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setEditing(u)} aria-label={`Edit ${u.full_name}`}>
                        <Pencil /> <span className="hidden sm:inline">Edit</span>
                      </Button>
                      {u.id !== me?.id &&
                        (active ? (
                          <Button variant="ghost" size="sm" onClick={() => void setActive(u, false)} aria-label={`Deactivate ${u.full_name}`}>
                            <UserX /> <span className="hidden sm:inline">Deactivate</span>
                          </Button>
                        ) : (
                          <Button variant="ghost" size="sm" onClick={() => void setActive(u, true)} aria-label={`Reactivate ${u.full_name}`}>
                            <UserCheck /> <span className="hidden sm:inline">Reactivate</span>
                          </Button>
                        ))}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <UserEditDialog user={editing} onClose={() => setEditing(null)} onSaved={report} />
    </div>
  );
}
