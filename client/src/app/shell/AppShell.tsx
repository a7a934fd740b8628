import type { ReactNode } from "react";
import type { PageName } from "../pages";
import { CallLayer } from "../../features/calls/components/CallLayer";
import { AppHeader } from "./AppHeader";
import { AppSidebar } from "./AppSidebar";
import { OfflineBar } from "./OfflineBar";
import { InviteDialog } from "../../features/users/components/InviteDialog";
import { SidebarProvider } from "./SidebarProvider";
import { useRealtimeConnection } from "./useRealtimeConnection";

export function AppShell({ page, children }: { page: PageName; children: ReactNode }) {
  useRealtimeConnection();
  return (
    <SidebarProvider>
      <div className="flex h-svh w-full overflow-hidden bg-background">
        <AppSidebar currentPage={page} />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader page={page} />
          <OfflineBar />
          <main className="relative min-h-0 flex-1 overflow-y-auto">{children}</main>
        </div>
      </div>
      <InviteDialog />
      <CallLayer />
    </SidebarProvider>
  );
}
