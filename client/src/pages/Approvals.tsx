import { ClipboardCheck } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function ApprovalsPage() {
  return <PagePlaceholder title="Approvals" description="Submit and decide approval requests." icon={ClipboardCheck} />;
}
