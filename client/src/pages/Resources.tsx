import { BookOpen } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function ResourcesPage() {
  return <PagePlaceholder title="Resources" description="Policies, tools and documentation for the team." icon={BookOpen} />;
}
