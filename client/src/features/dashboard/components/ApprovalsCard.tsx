import { ClipboardCheck } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { formatShortWhen } from "../../../lib/format";
import { StatusBadge } from "../../approvals/StatusBadge";
import { useDashboardApprovals } from "../api";
import { approvalItems } from "../windows";
import { CardRow } from "./CardRow";
import { DashboardCard } from "./DashboardCard";

/** Managers and admins only: requests waiting for a decision, then recent decisions. */
export function ApprovalsCard({ now }: { now: Date }) {
  const q = useDashboardApprovals(true);
  const navigate = useNavigate();
  const rows = approvalItems(q.data ?? [], now);
  return (
    <DashboardCard title="Approval Requests" icon={ClipboardCheck} to="/Approvals" loading={q.isPending} error={q.isError} empty={rows.length === 0} emptyText="No requests waiting.">
      {rows.map((r) => (
        <CardRow
          key={r.id}
          title={r.title}
          meta={`${r.requested_by_name ?? r.created_by} · ${r.category} · ${formatShortWhen(r.created_date)}`}
          aside={<StatusBadge status={r.status} />}
          onClick={() => navigate("/Approvals")}
        />
      ))}
    </DashboardCard>
  );
}
