import { FolderOpen } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function FileLibraryPage() {
  return <PagePlaceholder title="File Library" description="Files you own or that are shared with you." icon={FolderOpen} />;
}
