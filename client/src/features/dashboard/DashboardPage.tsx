import { useEffect, useState } from "react";
import { format } from "date-fns";
import { useSessionStore } from "../auth/store";
import { firstName } from "../../lib/format";
import { PageLayout } from "../../ui/PageLayout";
import { isPrivileged } from "../approvals/permissions";
import { ApprovalsCard } from "./components/ApprovalsCard";
import { EventsCard } from "./components/EventsCard";
import { FilesCard } from "./components/FilesCard";
import { NotesCard } from "./components/NotesCard";
import { RecentActivityCard } from "./components/RecentActivityCard";
import { TasksCard } from "./components/TasksCard";

/** "Now" for the windows, moved on every minute so a page left open keeps them right. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

export default function DashboardPage() {
  const user = useSessionStore((s) => s.user);
  const now = useNow();
  return (
    <PageLayout title={`Good morning, ${firstName(user?.full_name)}!`} description={format(now, "EEEE, MMMM d, yyyy")} width="6xl">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <TasksCard now={now} />
        <EventsCard now={now} />
        {isPrivileged(user) && <ApprovalsCard now={now} />}
        <RecentActivityCard now={now} />
        <NotesCard now={now} />
        <FilesCard now={now} />
      </div>
    </PageLayout>
  );
}
