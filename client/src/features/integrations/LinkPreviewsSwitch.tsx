import type { Channel } from "@shared/entities";
import { Label } from "../../ui/label";
import { Switch } from "../../ui/switch";
import { toast } from "../../ui/notifications";
import { useSetLinkPreviews } from "./api";

/** Whether the channel's new messages get link previews (docs/integrations.md, "Link previews"); for its managers. */
export function LinkPreviewsSwitch({ channel }: { channel: Channel }) {
  const set = useSetLinkPreviews();
  const on = channel.link_previews !== false;
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
      <Label htmlFor={`link-previews-${channel.id}`} className="grid gap-0.5">
        <span className="text-sm font-medium">Link previews</span>
        <span className="text-xs font-normal text-muted-foreground">Show the title and description of pages that messages link to.</span>
      </Label>
      <Switch
        id={`link-previews-${channel.id}`}
        checked={on}
        disabled={set.isPending}
        onCheckedChange={(next) =>
          set.mutate({ id: channel.id, on: next }, { onError: (err) => toast({ title: "Could not change link previews", description: err.message, variant: "destructive" }) })
        }
      />
    </div>
  );
}
