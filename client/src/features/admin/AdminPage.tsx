import { Shield } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";

export default function AdminPage() {
  return (
    <PageLayout title="Admin Settings" description="Users, storage and security settings.">
      <ComingSoon icon={Shield} />
    </PageLayout>
  );
}
