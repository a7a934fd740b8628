import { BookOpen } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";

export default function ResourcesPage() {
  return (
    <PageLayout title="Resources" description="Policies, tools and documentation for the team.">
      <ComingSoon icon={BookOpen} />
    </PageLayout>
  );
}
