import { useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { WEBHOOK_NAME_MAX, type Channel, type IncomingWebhook } from "@shared/entities";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog";
import { FormField } from "../../ui/FormField";
import { Input } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/notifications";
import { usePeopleByEmail } from "../chat/usePeopleByEmail";
import { absoluteHookUrl, useCreateIncomingWebhook, useIncomingWebhooks, useRevokeIncomingWebhook } from "./api";
import { WebhookAddress } from "./WebhookAddress";
import { WebhookListItem } from "./WebhookListItem";
import { LinkPreviewsSwitch } from "./LinkPreviewsSwitch";

interface Props {
  channel: Channel;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether this person manages the channel (the server refuses everyone else). */
  canManage: boolean;
}

/**
 * A channel's incoming webhooks (docs/integrations.md): tools such as Grafana, Alertmanager or a CI
 * job post to the address as the integration. Those who manage the channel add one (its address
 * is shown once) and revoke it.
 */
export function IncomingWebhooksDialog({ channel, title, open, onOpenChange, canManage }: Props) {
  const hooks = useIncomingWebhooks(channel.id, open);
  const create = useCreateIncomingWebhook(channel.id);
  const revoke = useRevokeIncomingWebhook(channel.id);
  const people = usePeopleByEmail();
  const [name, setName] = useState("");
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  const [revoking, setRevoking] = useState<IncomingWebhook | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setMade(null);
      setName("");
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = name.trim();
    if (!wanted) return;
    create.mutate(wanted, {
      onSuccess: (row) => {
        setName("");
        if (row.url) setMade({ name: row.name, url: absoluteHookUrl(row.url) });
      },
      onError: (err) => toast({ title: "Could not add the webhook", description: err.message, variant: "destructive" }),
    });
  };
  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: () => setRevoking(null),
      onError: (err) => {
        setRevoking(null);
        toast({ title: "Could not revoke the webhook", description: err.message, variant: "destructive" });
      },
    });
  const list = hooks.data ?? [];

  return (
    <>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Incoming webhooks of #{title}</DialogTitle>
            <DialogDescription>
              Tools post messages here through a secret address, in Slack&apos;s webhook format (Grafana, Alertmanager, GitHub Actions, Uptime Kuma, Jenkins) or as {"{\"text\": \"…\"}"}.
            </DialogDescription>
          </DialogHeader>
          {canManage && <LinkPreviewsSwitch channel={channel} />}
          {made && <WebhookAddress name={made.name} url={made.url} />}
          {canManage && (
            <form onSubmit={submit} className="flex items-end gap-2">
              <FormField id="webhook-name" label="New webhook" className="flex-1">
                <Input id="webhook-name" value={name} maxLength={WEBHOOK_NAME_MAX} placeholder="e.g. Grafana alerts" onChange={(e) => setName(e.target.value)} />
              </FormField>
              <Button type="submit" disabled={!name.trim() || create.isPending}>
                {create.isPending ? <Spinner className="text-primary-foreground" /> : <Plus />}
                Add
              </Button>
            </form>
          )}
          {hooks.isPending ? (
            <p className="text-sm text-muted-foreground">Loading…</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No webhooks yet.</p>
          ) : (
            <ul aria-label="Webhooks" className="max-h-72 divide-y overflow-y-auto">
              {list.map((w) => (
                <WebhookListItem key={w.id} webhook={w} owner={people.get(w.created_by.toLowerCase())?.full_name ?? w.created_by} canRevoke={canManage} onRevoke={setRevoking} />
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={!!revoking}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Its address stops working at once; tools using it get 404. Messages it posted stay."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
