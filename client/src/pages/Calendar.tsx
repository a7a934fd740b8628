import { CalendarDays } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function CalendarPage() {
  return <PagePlaceholder title="Calendar" description="Your events, meetings and due dates." icon={CalendarDays} />;
}
