import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { setInvitePolicy, adminKeys, useSecurity, type InvitePolicy } from "../api";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { Label } from "../../../ui/label";

const LABELS: Record<InvitePolicy, string> = {
  everyone: "Everyone",
  managers: "Managers and admins",
  admins: "Admins only",
};

/** Who may create invitation links. */
export function InvitePolicyCard() {
  const qc = useQueryClient();
  const { data } = useSecurity();
  const [error, setError] = useState<string | null>(null);
  const value = data?.settings.invite_policy;
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Label htmlFor="invite-policy">Who may invite people</Label>
        <p className="text-xs text-muted-foreground">Invitation links are single use and expire after 7 days.</p>
        {error && <p className="text-xs text-destructive">{error}</p>}
      </div>
      <Select
        value={value}
        onValueChange={async (v) => {
          try {
            await setInvitePolicy(v as InvitePolicy);
            setError(null);
            await qc.invalidateQueries({ queryKey: adminKeys.security });
          } catch (err) {
            setError(err instanceof Error ? err.message : String(err));
          }
        }}
      >
        <SelectTrigger id="invite-policy" className="w-full sm:w-52">
          <SelectValue placeholder="Loading..." />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(LABELS) as InvitePolicy[]).map((p) => (
            <SelectItem key={p} value={p}>
              {LABELS[p]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
