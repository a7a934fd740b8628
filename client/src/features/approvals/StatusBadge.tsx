import { CheckCircle2, Clock, XCircle } from "lucide-react";
import type { ApprovalRequest } from "@shared/entities";
import { Badge } from "../../ui/badge";
import { cn } from "../../lib/utils";

const STYLE = {
  pending: { icon: Clock, className: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300" },
  approved: { icon: CheckCircle2, className: "border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300" },
  rejected: { icon: XCircle, className: "border-transparent bg-red-500/15 text-red-700 dark:text-red-300" },
} as const;

export function StatusBadge({ status }: { status: ApprovalRequest["status"] }) {
  const { icon: Icon, className } = STYLE[status];
  return (
    <Badge className={cn("capitalize", className)}>
      <Icon />
      {status}
    </Badge>
  );
}
