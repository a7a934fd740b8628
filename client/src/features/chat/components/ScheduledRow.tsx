import { useState } from "react";
import { Pencil, Send, Trash2, Clock } from "lucide-react";
import type { ScheduledMessage } from "@shared/keep";
import { Button } from "../../../ui/button";
import { Textarea } from "../../../ui/textarea";
import { SimpleTooltip } from "../../../ui/tooltip";
import { deleteScheduled, editScheduled, sendScheduledNow } from "../keep";
import { WhenDialog } from "./WhenDialog";

/** One scheduled message: its time and text, with edit, change the time, send now and delete. */
export function ScheduledRow({ item }: { item: ScheduledMessage }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.content);
  const [retime, setRetime] = useState(false);
  const at = new Date(item.send_at);
  return (
    <li data-testid="scheduled-item" className="flex items-start gap-2 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">
          {item.status === "failed" ? (
            <span className="font-medium text-destructive">Not sent: {item.error}</span>
          ) : (
            <>Sends {at.toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })}</>
          )}
        </p>
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setEditing(false);
              if (text.trim() && text !== item.content) void editScheduled(item, { content: text.trim() });
            }}
            className="mt-1 grid gap-1"
          >
            <Textarea value={text} onChange={(e) => setText(e.target.value)} aria-label="Scheduled message text" rows={2} />
            <div className="flex gap-1">
              <Button type="submit" size="sm">Save</Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => (setEditing(false), setText(item.content))}>Cancel</Button>
            </div>
          </form>
        ) : (
          <p className="break-words whitespace-pre-wrap">{item.content}</p>
        )}
      </div>
      <SimpleTooltip label="Edit text">
        <Button variant="ghost" size="icon-xs" aria-label="Edit scheduled message" onClick={() => setEditing(true)}>
          <Pencil />
        </Button>
      </SimpleTooltip>
      <SimpleTooltip label="Change the time">
        <Button variant="ghost" size="icon-xs" aria-label="Change the time" onClick={() => setRetime(true)}>
          <Clock />
        </Button>
      </SimpleTooltip>
      <SimpleTooltip label="Send now">
        <Button variant="ghost" size="icon-xs" aria-label="Send now" onClick={() => void sendScheduledNow(item)}>
          <Send />
        </Button>
      </SimpleTooltip>
      <SimpleTooltip label="Delete scheduled message">
        <Button variant="ghost" size="icon-xs" aria-label="Delete scheduled message" onClick={() => void deleteScheduled(item)} className="hover:text-destructive">
          <Trash2 />
        </Button>
      </SimpleTooltip>
      {retime && (
        <WhenDialog
          open={retime}
          onOpenChange={setRetime}
          title="Change when it is sent"
          submitLabel="Reschedule"
          initial={item.status === "failed" ? undefined : at}
          onPick={(when) => editScheduled(item, { send_at: when.toISOString() })}
        />
      )}
    </li>
  );
}
