import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from "react";
import { useLocation } from "react-router-dom";
import { useSessionStore } from "../features/auth/store";
import { useChatStore } from "../features/chat/store";
import { useUnreadStore } from "../features/chat/unreadStore";
import { FullPageSpinner } from "../ui/FullPageSpinner";
import { PageSpinner } from "../ui/PageSpinner";
import { loadedPage, loadPage, type PageModule } from "./pageModules";
import { loadChatPage } from "./prefetch";
import { PAGE_NAMES, pageFromPath, type PageName } from "./pages";
import { queryClient } from "./queryClient";
import { RedirectAfterLogin } from "./RedirectAfterLogin";
import { RedirectToLogin } from "./RedirectToLogin";
import { AppShell } from "./shell/AppShell";

// One chunk per page: the first paint only pays for the shell and the page it shows.
const LOADERS: Record<PageName, () => Promise<PageModule>> = {
  Dashboard: () => import("../features/dashboard/DashboardPage"),
  Chat: loadChatPage,
  FileLibrary: () => import("../features/files/FileLibraryPage"),
  Resources: () => import("../features/resources/ResourcesPage"),
  Profile: () => import("../features/users/ProfilePage"),
  Directory: () => import("../features/users/DirectoryPage"),
  Tasks: () => import("../features/tasks/TasksPage"),
  Calendar: () => import("../features/calendar/CalendarPage"),
  Meet: () => import("../features/calls/MeetPage"),
  Notes: () => import("../features/notes/NotesPage"),
  Approvals: () => import("../features/approvals/ApprovalsPage"),
  CallHistory: () => import("../features/calls/CallHistoryPage"),
  Admin: () => import("../features/admin/AdminPage"),
  Search: () => import("../features/search/SearchPage"),
  Login: () => import("../features/auth/LoginPage"),
  Logout: () => import("../features/auth/LogoutPage"),
  AcceptInvite: () => import("../features/auth/AcceptInvitePage"),
};
const LAZY = Object.fromEntries(PAGE_NAMES.map((name) => [name, lazy(() => loadPage(name, LOADERS[name]))])) as Record<
  PageName,
  LazyExoticComponent<ComponentType>
>;

/**
 * The page: rendered at once when its chunk is already in (the entry starts Chat's, prefetch.ts),
 * so the first render does not suspend and wait on React's reveal throttle (pageModules.ts);
 * else through React.lazy. Chosen once per mount, so the page is never mounted twice; every use
 * is keyed by the page, so another page is a new mount (Logout, then Login, sit at one place).
 */
function PageView({ name }: { name: PageName }) {
  const [Loaded] = useState(() => loadedPage(name));
  const Lazy = LAZY[name];
  return Loaded ? <Loaded /> : <Lazy />;
}

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
        <PageView key="Logout" name="Logout" />
      </Suspense>
    );
  }

  // An invitation link works whoever is signed in on this browser: accepting signs in the new account.
  if (page === "AcceptInvite") {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <PageView key="AcceptInvite" name="AcceptInvite" />
      </Suspense>
    );
  }

  if (status === "anonymous") {
    if (page !== "Login") return <RedirectToLogin />;
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <PageView key="Login" name="Login" />
      </Suspense>
    );
  }

  if (page === "Login") return <RedirectAfterLogin />;

  return (
    <AppShell page={page}>
      <Suspense fallback={<PageSpinner />}>
        <PageView key={page} name={page} />
      </Suspense>
    </AppShell>
  );
}
