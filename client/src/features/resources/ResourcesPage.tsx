import { useMemo, useState } from "react";
import { BookOpen, Plus } from "lucide-react";
import type { Resource } from "@shared/entities";
import { RESOURCE_CATEGORIES } from "@shared/entities/resources";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { PageLayout } from "../../ui/PageLayout";
import { SearchInput } from "../../ui/SearchInput";
import { Skeleton } from "../../ui/skeleton";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select";
import { toast } from "../../ui/notifications";
import { useSessionStore } from "../auth/store";
import { useDeleteResource, useResources } from "./api";
import { canManageResources } from "./rules";
import { ResourceCard } from "./components/ResourceCard";
import { ResourceFormDialog } from "./components/ResourceFormDialog";

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

export default function ResourcesPage() {
  const user = useSessionStore((s) => s.user);
  const canManage = canManageResources(user);
  const resources = useResources();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState("all");
  const [priority, setPriority] = useState("all");
  const [form, setForm] = useState<{ resource: Resource | null } | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const remove = useDeleteResource();

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (resources.data ?? []).filter(
      (r) =>
        (category === "all" || r.category === category) &&
        (priority === "all" || r.priority === priority) &&
        (!q || [r.title, r.description ?? "", r.url, ...r.tags].some((t) => t.toLowerCase().includes(q))),
    );
  }, [resources.data, search, category, priority]);

  return (
    <PageLayout
      title="Resources"
      description="Policies, tools, documentation and training for the team."
      width="6xl"
      actions={
        canManage && (
          <Button onClick={() => setForm({ resource: null })}>
            <Plus />
            Add Resource
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onValueChange={setSearch} placeholder="Search resources..." aria-label="Search resources" className="flex-1" />
        <Select value={category} onValueChange={setCategory}>
          <SelectTrigger className="w-full sm:w-44" aria-label="Filter by category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All categories</SelectItem>
            {RESOURCE_CATEGORIES.map((c) => (
              <SelectItem key={c} value={c}>
                {cap(c)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={priority} onValueChange={setPriority}>
          <SelectTrigger className="w-full sm:w-40" aria-label="Filter by priority">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All priorities</SelectItem>
            {(["high", "medium", "low"] as const).map((p) => (
              <SelectItem key={p} value={p}>
                {cap(p)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {resources.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      )}
      {resources.isError && <p className="text-sm text-destructive">Couldn't load resources: {resources.error.message}</p>}
      {resources.isSuccess && rows.length === 0 && (
        <EmptyState icon={BookOpen} title="No resources found" description={resources.data.length ? "Try another search or filter." : "Links the team shares will show up here."} />
      )}
      {rows.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((r) => (
            <ResourceCard key={r.id} resource={r} canManage={canManage} onEdit={() => setForm({ resource: r })} onDelete={() => setDeleting(r)} />
          ))}
        </div>
      )}
      <ResourceFormDialog open={!!form} resource={form?.resource ?? null} onOpenChange={(o) => !o && setForm(null)} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete resource"
        description={`Are you sure you want to delete "${deleting?.title ?? ""}"?`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (e) => toast({ title: "Couldn't delete the resource", description: e.message, variant: "destructive" }),
          })
        }
      />
    </PageLayout>
  );
}
