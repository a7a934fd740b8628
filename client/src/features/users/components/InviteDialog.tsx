import { useState } from "react";
import { Check, Copy, Link2, Mail } from "lucide-react";
import { format } from "date-fns";
import { createInvitation, type Invitation } from "../api";
import { parseDate } from "../../../lib/format";
import { useInviteStore } from "../store";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../ui/dialog";
import { Input } from "../../../ui/input";
import { DialogActions } from "../../../ui/DialogActions";
import { FormField } from "../../../ui/FormField";
import { Textarea } from "../../../ui/textarea";
import { PRODUCT_NAME } from "../../../ui/BrandMark";

export const DEFAULT_INVITE_MESSAGE = `Hi! I'd like you to join our team on ${PRODUCT_NAME}, where we chat, plan tasks, share files and meet in one place. Use the link below to create your account.`;

/** Creates a real one-time invitation link that the inviter can copy and share. */
export function InviteDialog() {
  const open = useInviteStore((s) => s.inviteOpen);
  const setOpen = useInviteStore((s) => s.setInviteOpen);
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState(DEFAULT_INVITE_MESSAGE);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [copied, setCopied] = useState(false);

  const reset = () => {
    setEmail("");
    setMessage(DEFAULT_INVITE_MESSAGE);
    setError(null);
    setInvitation(null);
    setCopied(false);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setTimeout(reset, 200); // after the close animation, so the content does not jump
  };

  const send = async () => {
    const trimmed = email.trim();
    if (!trimmed) return;
    setSending(true);
    setError(null);
    try {
      setInvitation(await createInvitation(trimmed, message));
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not create the invitation.");
    } finally {
      setSending(false);
    }
  };

  const link = invitation ? new URL(invitation.link, window.location.origin).toString() : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Clipboard access can be refused; the link stays selectable in the field.
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const expires = parseDate(invitation?.expires_at);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            {invitation ? <Link2 className="size-5" /> : <Mail className="size-5" />}
          </div>
          <DialogTitle>{invitation ? "Invitation ready" : "Invite a colleague"}</DialogTitle>
          <DialogDescription>
            {invitation
              ? `Share this link with ${invitation.email}. It can be used once${expires ? ` until ${format(expires, "MMM d, yyyy")}` : ""}.`
              : "Send an invitation to join your team's workspace."}
          </DialogDescription>
        </DialogHeader>

        {invitation ? (
          <div className="flex gap-2">
            <Input readOnly value={link} aria-label="Invitation link" onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
            <Button variant="outline" onClick={copy} className="shrink-0">
              {copied ? <Check className="text-success" /> : <Copy />}
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
        ) : (
          <form
            id="invite-form"
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <FormField id="invite-email" label="Email address">
              <Input
                id="invite-email"
                type="email"
                placeholder="colleague@company.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
            </FormField>
            <FormField id="invite-message" label="Invitation message">
              <Textarea id="invite-message" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
            </FormField>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </form>
        )}

        {invitation ? (
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </DialogFooter>
        ) : (
          <DialogActions
            onCancel={() => onOpenChange(false)}
            confirmLabel="Send Invitation"
            form="invite-form"
            disabled={!email.trim() || sending}
            pending={sending}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
