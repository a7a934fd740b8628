import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from "react";
import { useLocation } from "react-router-dom";
import { useSessionStore } from "../features/auth/store";
import { useChatStore } from "../features/chat/store";
import { useUnreadStore } from "../features/chat/unreadStore";
import { FullPageSpinner } from "../ui/FullPageSpinner";
import { PageSpinner } from "../ui/PageSpinner";
import { pageFromPath, type PageName } from "./pages";
import { queryClient } from "./queryClient";
import { RedirectAfterLogin } from "./RedirectAfterLogin";
import { RedirectToLogin } from "./RedirectToLogin";
import { AppShell } from "./shell/AppShell";

type Page = LazyExoticComponent<ComponentType>;

// One chunk per page: the first paint only pays for the shell and the page it shows.
const PAGES: Record<Exclude<PageName, "Login" | "Logout" | "AcceptInvite">, Page> = {
  Dashboard: lazy(() => import("../features/dashboard/DashboardPage")),
  Chat: lazy(() => import("../features/chat/ChatPage")),
  FileLibrary: lazy(() => import("../features/files/FileLibraryPage")),
  Resources: lazy(() => import("../features/resources/ResourcesPage")),
  Profile: lazy(() => import("../features/users/ProfilePage")),
  Directory: lazy(() => import("../features/users/DirectoryPage")),
  Tasks: lazy(() => import("../features/tasks/TasksPage")),
  Calendar: lazy(() => import("../features/calendar/CalendarPage")),
  Meet: lazy(() => import("../features/calls/MeetPage")),
  Notes: lazy(() => import("../features/notes/NotesPage")),
  Approvals: lazy(() => import("../features/approvals/ApprovalsPage")),
  CallHistory: lazy(() => import("../features/calls/CallHistoryPage")),
  Admin: lazy(() => import("../features/admin/AdminPage")),
  Search: lazy(() => import("../features/search/SearchPage")),
};
const LoginPage = lazy(() => import("../features/auth/LoginPage"));
const LogoutPage = lazy(() => import("../features/auth/LogoutPage"));
const AcceptInvitePage = lazy(() => import("../features/auth/AcceptInvitePage"));

export function App() {
  const location = useLocation();
  const page = pageFromPath(location.pathname);
  const status = useSessionStore((s) => s.status);

  useEffect(() => {
    void useSessionStore.getState().init();
  }, []);

  useEffect(() => {
    // Nothing of the previous user may leak into the next session in this tab.
    if (status === "anonymous") {
      queryClient.clear();
      useChatStore.getState().reset();
      useUnreadStore.getState().reset();
    }
  }, [status]);

  if (status === "checking") return <FullPageSpinner />;

  if (page === "Logout") {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LogoutPage />
      </Suspense>
    );
  }

  // An invitation link works whoever is signed in on this browser: accepting signs in the new account.
  if (page === "AcceptInvite") {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AcceptInvitePage />
      </Suspense>
    );
  }

  if (status === "anonymous") {
    if (page !== "Login") return <RedirectToLogin />;
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LoginPage />
      </Suspense>
    );
  }

  if (page === "Login") return <RedirectAfterLogin />;

  const PageComponent = PAGES[page];
  return (
    <AppShell page={page}>
      <Suspense fallback={<PageSpinner />}>
        <PageComponent />
      </Suspense>
    </AppShell>
  );
}
