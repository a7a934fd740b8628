import { AlarmClock, CheckSquare, ClipboardCheck, FileText, MessageSquare, PhoneMissed, type LucideIcon } from "lucide-react";
import type { AppNotification } from "@shared/entities";
import { cn } from "../../lib/utils";

const ICONS: Record<string, LucideIcon> = { message: MessageSquare, task: CheckSquare, approval: ClipboardCheck, file: FileText, call: PhoneMissed, reminder: AlarmClock };

function ago(iso: string): string {
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

/** One item of the notification centre: opening it marks it read and goes to what it is about. */
export function NotificationItem({ item, onOpen }: { item: AppNotification; onOpen: (item: AppNotification) => void }) {
  const Icon = ICONS[item.kind] ?? MessageSquare;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={cn("flex w-full items-start gap-3 px-3 py-2.5 text-left text-sm transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none", !item.is_read && "bg-primary/5")}
        aria-label={`${item.is_read ? "" : "Unread: "}${item.title}${item.body ? `: ${item.body}` : ""}`}
      >
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn("truncate", !item.is_read && "font-semibold")}>{item.title}</span>
          {item.body && <span className="line-clamp-2 text-xs text-muted-foreground">{item.body}</span>}
          <span className="text-[11px] text-muted-foreground">{ago(item.created_date)}</span>
        </span>
        {!item.is_read && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
      </button>
    </li>
  );
}
