import { cn } from "../../lib/utils";
import type { ShownPresence } from "./shownPresence";

const COLORS: Record<ShownPresence, string> = {
  online: "bg-emerald-500",
  away: "bg-amber-400",
  busy: "bg-rose-500",
  offline: "bg-zinc-300 dark:bg-zinc-600",
};

export function PresenceDot({ presence, className }: { presence: ShownPresence; className?: string }) {
  return <span aria-hidden className={cn("block size-2.5 rounded-full", COLORS[presence], className)} />;
}
