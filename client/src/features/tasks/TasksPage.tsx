import { ListChecks } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";

export default function TasksPage() {
  return (
    <PageLayout title="My Tasks" description="Tasks assigned to you, ordered by status.">
      <ComingSoon icon={ListChecks} />
    </PageLayout>
  );
}
