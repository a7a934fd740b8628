import { CalendarDays } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";

export default function CalendarPage() {
  return (
    <PageLayout title="Calendar" description="Your events, meetings and due dates.">
      <ComingSoon icon={CalendarDays} />
    </PageLayout>
  );
}
