import { Copy } from "lucide-react";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { toast } from "../../ui/notifications";

/** A new webhook's address, shown once (the server keeps only its hash), with a copy button. */
export function WebhookAddress({ name, url }: { name: string; url: string }) {
  const copy = () =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => toast({ title: "Webhook address copied" }))
      .catch(() => toast({ title: "Could not copy: select the address and copy it", variant: "destructive" }));
  return (
    <div className="grid gap-1.5 rounded-lg border border-emerald-600/30 bg-emerald-50 p-3 dark:bg-emerald-500/10">
      <p className="text-sm font-medium">“{name}” is ready. Copy its address now: it is not shown again.</p>
      <div className="flex gap-2">
        <Input readOnly value={url} aria-label={`Address of ${name}`} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline" size="icon" aria-label="Copy address" onClick={copy}>
          <Copy />
        </Button>
      </div>
    </div>
  );
}
