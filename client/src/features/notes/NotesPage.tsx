import { NotebookPen } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";

export default function NotesPage() {
  return (
    <PageLayout title="My Notes" description="Your personal notes and journal.">
      <ComingSoon icon={NotebookPen} />
    </PageLayout>
  );
}
