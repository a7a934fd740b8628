import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { queryClient } from "./api/queryClient";
import { FullPageSpinner } from "./components/common/FullPageSpinner";
import { PageSpinner } from "./components/common/PageSpinner";
import { AppShell } from "./components/shell/AppShell";
import { pageFromPath, type PageName } from "./lib/pages";
import { rememberPath, takeRememberedPath } from "./lib/tokenStorage";
import { useChatStore } from "./stores/chat";
import { useSessionStore } from "./stores/session";

type Page = LazyExoticComponent<ComponentType>;

// One chunk per page: the first paint only pays for the shell and the page it shows.
const PAGES: Record<Exclude<PageName, "Login" | "Logout">, Page> = {
  Dashboard: lazy(() => import("./pages/Dashboard")),
  Chat: lazy(() => import("./pages/Chat")),
  FileLibrary: lazy(() => import("./pages/FileLibrary")),
  Resources: lazy(() => import("./pages/Resources")),
  Profile: lazy(() => import("./pages/Profile")),
  Directory: lazy(() => import("./pages/Directory")),
  Tasks: lazy(() => import("./pages/Tasks")),
  Calendar: lazy(() => import("./pages/Calendar")),
  Meet: lazy(() => import("./pages/Meet")),
  Notes: lazy(() => import("./pages/Notes")),
  Approvals: lazy(() => import("./pages/Approvals")),
  CallHistory: lazy(() => import("./pages/CallHistory")),
  Admin: lazy(() => import("./pages/Admin")),
};
const LoginPage = lazy(() => import("./pages/Login"));
const LogoutPage = lazy(() => import("./pages/Logout"));

/** Anonymous on a protected page: remember where they wanted to go, then go to Login. */
function RedirectToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    rememberPath(location.pathname + location.search);
    navigate("/Login", { replace: true });
  }, [navigate, location.pathname, location.search]);
  return <FullPageSpinner />;
}

/** Signed in on the Login page: back to the remembered page, else Dashboard. */
function RedirectAfterLogin() {
  const navigate = useNavigate();
  useEffect(() => {
    const target = takeRememberedPath();
    const safe = target && target.startsWith("/") && !target.startsWith("//") ? target : "/Dashboard";
    navigate(pageFromPath(safe.split("?")[0]) === "Login" ? "/Dashboard" : safe, { replace: true });
  }, [navigate]);
  return <FullPageSpinner />;
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
