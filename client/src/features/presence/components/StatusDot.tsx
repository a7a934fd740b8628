import type { UserStatus } from "@shared/realtime";
import { cn } from "../../../lib/utils";

const COLORS: Record<UserStatus, string> = {
  online: "bg-emerald-500",
  away: "bg-amber-400",
  busy: "bg-rose-500",
};

export function StatusDot({ status, className }: { status: UserStatus; className?: string }) {
  return <span aria-hidden className={cn("block size-2.5 rounded-full", COLORS[status], className)} />;
}
