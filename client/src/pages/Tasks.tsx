import { ListChecks } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function TasksPage() {
  return <PagePlaceholder title="My Tasks" description="Tasks assigned to you, ordered by status." icon={ListChecks} />;
}
