import { useEffect, useState } from "react";
import { X } from "lucide-react";
import type { SharedFile } from "@shared/entities";
import { useUpdateSharing } from "../api";
import { useSessionStore } from "../../auth/store";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { DialogActions } from "../../../ui/DialogActions";
import { FormField } from "../../../ui/FormField";
import { PeoplePicker } from "./PeoplePicker";

export const REMOVE_REFUSED = "You can add users to share with, but only the file owner, managers, or admins can remove access.";

/** Share a file: anyone with access may add people; removing them is for the owner, managers and admins. */
export function ShareDialog({ file, onClose }: { file: SharedFile | null; onClose: () => void }) {
  const me = useSessionStore((s) => s.user);
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSharing();

  useEffect(() => {
    setEmails(file?.shared_with_emails ?? []);
    setError(null);
    // Reset only when another file opens or its sharing changed on the server, not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file?.id, file?.shared_with_emails.join(",")]);

  if (!file || !me) return null;
  const lower = (e: string) => e.toLowerCase();
  const mayRemove =
    !file.created_by || lower(file.created_by) === lower(me.email) || me.role === "admin" || me.team_role === "admin" || me.team_role === "manager";

  const change = (next: string[]) => {
    const removed = file.shared_with_emails.filter((e) => !next.some((n) => lower(n) === lower(e)));
    if (removed.length && !mayRemove) {
      setError(REMOVE_REFUSED);
      return;
    }
    setError(null);
    setEmails([...new Map(next.map((e) => [lower(e), e])).values()]);
  };

  const save = async () => {
    try {
      await update.mutateAsync({ id: file.id, emails });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Share “{file.name}”</DialogTitle>
          <DialogDescription>People listed here can see, preview and download this file.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="flex flex-wrap gap-1.5" aria-label="Shared with">
            {emails.length === 0 && <span className="text-sm text-muted-foreground">Not shared with anyone yet.</span>}
            {emails.map((e) => (
              <span key={e} className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs">
                {e}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-5 rounded-full"
                  aria-label={`Remove ${e}`}
                  onClick={() => change(emails.filter((x) => x !== e))}
                >
                  <X className="size-3" />
                </Button>
              </span>
            ))}
          </div>
          <FormField label="Add people">
            <PeoplePicker selected={emails} onChange={change} exclude={[me.email, ...(file.created_by ? [file.created_by] : [])]} tall />
          </FormField>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogActions onCancel={onClose} confirmLabel="Save" onConfirm={() => void save()} pending={update.isPending} disabled={update.isPending} />
      </DialogContent>
    </Dialog>
  );
}
