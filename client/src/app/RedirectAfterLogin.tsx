import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { takeRememberedPath } from "../lib/tokenStorage";
import { FullPageSpinner } from "../ui/FullPageSpinner";
import { pageFromPath } from "./pages";

/** Signed in on the Login page: back to the remembered page, else Dashboard. */
export function RedirectAfterLogin() {
  const navigate = useNavigate();
  useEffect(() => {
    const target = takeRememberedPath();
    const safe = target && target.startsWith("/") && !target.startsWith("//") ? target : "/Dashboard";
    navigate(pageFromPath(safe.split("?")[0]) === "Login" ? "/Dashboard" : safe, { replace: true });
  }, [navigate]);
  return <FullPageSpinner />;
}
