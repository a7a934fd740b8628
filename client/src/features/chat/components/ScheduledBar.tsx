import { useState } from "react";
import { CalendarClock, ChevronDown, ChevronUp } from "lucide-react";
import type { ScheduledMessage } from "@shared/keep";
import { useScheduled, useScheduledLive } from "../keep";
import { ScheduledRow } from "./ScheduledRow";

/**
 * Above the channel's composer: one's scheduled messages here, pending and failed (a failure stays
 * until edited, sent or deleted, so it is never silent). Docs/messages.md, "Scheduled messages".
 */
export function ScheduledBar({ channelId }: { channelId: number }) {
  const scheduled = useScheduled(channelId);
  useScheduledLive(channelId);
  const [open, setOpen] = useState(false);
  const items: ScheduledMessage[] = scheduled.data ?? [];
  if (!items.length) return null;
  const failed = items.filter((i) => i.status === "failed").length;
  return (
    <section aria-label="Scheduled messages" className="mx-3 mb-1 rounded-lg border bg-muted/30 text-sm md:mx-5">
      <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} className="flex w-full items-center gap-2 rounded-lg px-3 py-1.5 text-left text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40">
        <CalendarClock className="size-4" aria-hidden />
        <span data-testid="scheduled-count">
          {items.length === 1 ? "1 scheduled message" : `${items.length} scheduled messages`}
          {failed > 0 && <span className="ml-1 font-medium text-destructive">({failed} not sent)</span>}
        </span>
        {open ? <ChevronUp className="ml-auto size-4" /> : <ChevronDown className="ml-auto size-4" />}
      </button>
      {open && (
        <ul className="grid gap-px border-t">
          {items.map((item) => (
            <ScheduledRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
