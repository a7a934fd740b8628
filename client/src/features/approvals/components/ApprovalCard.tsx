import { Check, X } from "lucide-react";
import type { ApprovalRequest } from "@shared/entities";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { formatShortWhen } from "../../../lib/format";
import { approvalFacts } from "./details";
import { StatusBadge } from "../StatusBadge";

interface Props {
  request: ApprovalRequest;
  canDecide: boolean;
  onOpen: () => void;
  onDecide: (status: "approved" | "rejected") => void;
}

export function ApprovalCard({ request: r, canDecide, onOpen, onDecide }: Props) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="approval-card">
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 text-left focus-visible:outline-none">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-medium hover:underline">{r.title}</h3>
          <StatusBadge status={r.status} />
          <Badge variant="outline">{r.category}</Badge>
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{r.description}</p>
        <p className="mt-1.5 text-xs text-muted-foreground">
          {[r.requested_by_name ?? r.created_by, formatShortWhen(r.created_date), ...approvalFacts(r)].filter(Boolean).join(" · ")}
        </p>
      </button>
      {canDecide && (
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="outline" onClick={() => onDecide("rejected")} className="text-destructive hover:text-destructive">
            <X />
            Reject
          </Button>
          <Button size="sm" onClick={() => onDecide("approved")}>
            <Check />
            Approve
          </Button>
        </div>
      )}
    </Card>
  );
}
