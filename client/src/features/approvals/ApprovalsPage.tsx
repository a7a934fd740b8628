import { ClipboardCheck } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";

export default function ApprovalsPage() {
  return (
    <PageLayout title="Approvals" description="Submit and decide approval requests.">
      <ComingSoon icon={ClipboardCheck} />
    </PageLayout>
  );
}
