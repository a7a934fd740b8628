import { format } from "date-fns";
import type { ApprovalAuditEntry } from "@shared/entities/approval_requests";
import { Skeleton } from "../../../ui/skeleton";
import { parseDate } from "../../../lib/format";
import { useApprovalAudit } from "../api";

const FIELD_LABELS: Record<string, string> = { start_date: "start date", end_date: "end date", approver_comments: "comments" };

function describe(e: ApprovalAuditEntry): string {
  const who = e.actor_name || e.actor_email;
  switch (e.action) {
    case "created":
      return `${who} created the request`;
    case "edited":
      return e.fields.length ? `${who} edited ${e.fields.map((f) => FIELD_LABELS[f] ?? f).join(", ")}` : `${who} edited the request`;
    case "withdrawn":
      return `${who} withdrew the request`;
    case "deleted":
      return `${who} deleted the request`;
    case "reopened":
      return `${who} reopened the request`;
    default:
      return `${who} ${e.action} the request`;
  }
}

/** Who did what to the request, and when, oldest first; it follows live changes. */
export function AuditTrail({ requestId }: { requestId: number }) {
  const audit = useApprovalAudit(requestId);
  if (audit.isPending) return <Skeleton className="h-16 w-full" />;
  if (audit.isError) return <p className="text-sm text-muted-foreground">History unavailable.</p>;
  return (
    <ol className="grid gap-3 border-l pl-4" aria-label="Request history">
      {audit.data.map((e) => {
        const when = parseDate(e.created_date);
        return (
          <li key={e.id} className="relative text-sm" data-testid="audit-entry">
            <span className="absolute top-1.5 -left-[21px] size-2 rounded-full bg-primary/60" />
            <p>{describe(e)}</p>
            {e.comment && <p className="mt-0.5 text-muted-foreground break-words">“{e.comment}”</p>}
            <p className="text-xs text-muted-foreground">{when ? format(when, "MMM d, yyyy 'at' h:mm a") : ""}</p>
          </li>
        );
      })}
    </ol>
  );
}
