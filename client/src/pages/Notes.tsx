import { NotebookPen } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function NotesPage() {
  return <PagePlaceholder title="My Notes" description="Your personal notes and journal." icon={NotebookPen} />;
}
