import { format } from "date-fns";
import { LayoutDashboard } from "lucide-react";
import { useSessionStore } from "../auth/store";
import { firstName } from "../../lib/format";
import { ComingSoon } from "../../ui/ComingSoon";
import { PageLayout } from "../../ui/PageLayout";
import { RecentActivityCard } from "./components/RecentActivityCard";

function greeting(hour: number): string {
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

export default function DashboardPage() {
  const user = useSessionStore((s) => s.user);
  const now = new Date();
  return (
    <PageLayout title={`${greeting(now.getHours())}, ${firstName(user?.full_name)}!`} description={format(now, "EEEE, MMMM d, yyyy")}>
      <RecentActivityCard />
      <ComingSoon icon={LayoutDashboard} />
    </PageLayout>
  );
}
