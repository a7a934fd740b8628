import { Video } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function MeetPage() {
  return <PagePlaceholder title="Meeting" description="Join a scheduled meeting." icon={Video} />;
}
