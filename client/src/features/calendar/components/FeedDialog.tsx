import { useState } from "react";
import { Copy, Rss } from "lucide-react";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../../ui/dialog";
import { Input } from "../../../ui/input";
import { toast } from "../../../ui/notifications";
import { setFeed, useFeedUrl } from "../api";

/** The private iCalendar URL: create, copy, replace or revoke it. */
export function FeedDialog() {
  const [open, setOpen] = useState(false);
  const feed = useFeedUrl(open);
  const [busy, setBusy] = useState(false);
  const run = async (on: boolean) => {
    setBusy(true);
    try {
      await setFeed(on);
    } catch (err) {
      console.error("Calendar feed change failed", err);
      toast({ title: "The calendar feed could not be changed.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const url = feed.data?.url ?? null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Rss />
          <span className="hidden sm:inline">Subscribe</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Calendar feed</DialogTitle>
          <DialogDescription>
            Add this private address to Google Calendar, Outlook or Apple Calendar to see your events and dated tasks there. Anyone with the address can read them; replace or
            turn it off at any time.
          </DialogDescription>
        </DialogHeader>
        {url ? (
          <div className="flex gap-2">
            <Input readOnly value={url} aria-label="Feed address" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" size="icon" aria-label="Copy address" onClick={() => void navigator.clipboard?.writeText(url).then(() => toast({ title: "Address copied" }))}>
              <Copy />
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{feed.isPending ? "Loading…" : "No feed address yet."}</p>
        )}
        <DialogFooter>
          {url && (
            <Button variant="ghost" className="text-destructive sm:mr-auto" disabled={busy} onClick={() => void run(false)}>
              Turn off
            </Button>
          )}
          <Button disabled={busy} onClick={() => void run(true)}>
            {url ? "Replace address" : "Create address"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
