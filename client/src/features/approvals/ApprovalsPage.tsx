import { useMemo, useState } from "react";
import { ClipboardCheck, Plus } from "lucide-react";
import type { ApprovalRequest } from "@shared/entities";
import { APPROVAL_STATUSES } from "@shared/entities/approval_requests";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { PageLayout } from "../../ui/PageLayout";
import { SearchInput } from "../../ui/SearchInput";
import { Skeleton } from "../../ui/skeleton";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select";
import { toast } from "../../ui/notifications";
import { useSessionStore } from "../auth/store";
import { useApprovals, useWithdrawApproval } from "./api";
import { canChange, canDecide, isPrivileged } from "./permissions";
import { ApprovalCard } from "./components/ApprovalCard";
import { ApprovalDetailDialog } from "./components/ApprovalDetailDialog";
import { ApprovalFormDialog } from "./components/ApprovalFormDialog";
import { DecisionDialog } from "./components/DecisionDialog";

type StatusFilter = "all" | ApprovalRequest["status"];

export default function ApprovalsPage() {
  const user = useSessionStore((s) => s.user);
  const approvals = useApprovals();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [openId, setOpenId] = useState<number | null>(null);
  const [form, setForm] = useState<{ request: ApprovalRequest | null } | null>(null);
  const [deciding, setDeciding] = useState<{ request: ApprovalRequest; status: "approved" | "rejected" } | null>(null);
  const [withdrawing, setWithdrawing] = useState<ApprovalRequest | null>(null);
  const withdraw = useWithdrawApproval();

  const all = useMemo(() => approvals.data ?? [], [approvals.data]);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (r) =>
        (status === "all" || r.status === status) &&
        (!q || r.title.toLowerCase().includes(q) || (r.requested_by_name ?? "").toLowerCase().includes(q) || r.created_by.includes(q)),
    );
  }, [all, search, status]);
  const open = all.find((r) => r.id === openId) ?? null;

  return (
    <PageLayout
      title="Approvals"
      description={isPrivileged(user) ? "Review and decide your team's requests." : "Submit requests and follow their decisions."}
      actions={
        <Button onClick={() => setForm({ request: null })}>
          <Plus />
          New Request
        </Button>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onValueChange={setSearch} placeholder="Search by title or requester..." aria-label="Search requests" className="flex-1" />
        <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
          <SelectTrigger className="w-full sm:w-44" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All statuses</SelectItem>
            {APPROVAL_STATUSES.map((s) => (
              <SelectItem key={s} value={s} className="capitalize">
                {s[0].toUpperCase() + s.slice(1)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {approvals.isPending && (
        <div className="grid gap-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      )}
      {approvals.isError && <p className="text-sm text-destructive">Couldn't load requests: {approvals.error.message}</p>}
      {approvals.isSuccess && rows.length === 0 && <EmptyState icon={ClipboardCheck} title="No requests found." />}
      <div className="grid grid-cols-1 gap-3">
        {rows.map((r) => (
          <ApprovalCard key={r.id} request={r} canDecide={canDecide(user, r)} onOpen={() => setOpenId(r.id)} onDecide={(s) => setDeciding({ request: r, status: s })} />
        ))}
      </div>
      <ApprovalDetailDialog
        request={open}
        canDecide={!!open && canDecide(user, open)}
        canChange={!!open && canChange(user, open)}
        onClose={() => setOpenId(null)}
        onDecide={(s) => open && setDeciding({ request: open, status: s })}
        onEdit={() => open && setForm({ request: open })}
        onWithdraw={() => open && setWithdrawing(open)}
      />
      <ApprovalFormDialog open={!!form} request={form?.request ?? null} onOpenChange={(o) => !o && setForm(null)} />
      <DecisionDialog target={deciding} onClose={() => setDeciding(null)} />
      <ConfirmDialog
        open={!!withdrawing}
        title="Withdraw request"
        description="Are you sure you want to withdraw this request? Its history is kept."
        confirmLabel="Withdraw"
        pending={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              setWithdrawing(null);
              setOpenId(null);
            },
            onError: (e) => toast({ title: "Couldn't withdraw the request", description: e.message, variant: "destructive" }),
          })
        }
      />
    </PageLayout>
  );
}
