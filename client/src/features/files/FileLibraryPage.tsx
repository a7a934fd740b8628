import { FolderOpen } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";

export default function FileLibraryPage() {
  return (
    <PageLayout title="File Library" description="Files you own or that are shared with you.">
      <ComingSoon icon={FolderOpen} />
    </PageLayout>
  );
}
